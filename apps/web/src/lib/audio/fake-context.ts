/** A stand-in AudioContext for unit tests: records what the engine asks of it. */

export class FakeParam {
  value: number;
  calls: Array<[string, ...number[]]> = [];
  constructor(value = 1) {
    this.value = value;
  }
  setValueAtTime(v: number, t: number) {
    this.calls.push(['setValueAtTime', v, t]);
    this.value = v;
    return this;
  }
  setTargetAtTime(v: number, t: number, c: number) {
    this.calls.push(['setTargetAtTime', v, t, c]);
    this.value = v;
    return this;
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.calls.push(['linearRampToValueAtTime', v, t]);
    return this;
  }
  exponentialRampToValueAtTime(v: number, t: number) {
    this.calls.push(['exponentialRampToValueAtTime', v, t]);
    return this;
  }
  cancelScheduledValues(t: number) {
    this.calls.push(['cancelScheduledValues', t]);
    return this;
  }
}

export class FakeNode {
  readonly outputs: FakeNode[] = [];
  constructor(readonly kind: string) {}
  connect(target: FakeNode) {
    this.outputs.push(target);
    return target;
  }
  disconnect() {
    this.outputs.length = 0;
  }
}

class FakeGain extends FakeNode {
  gain = new FakeParam(1);
  constructor() {
    super('gain');
  }
}

class FakeSource extends FakeNode {
  started: number[] = [];
  frequency = new FakeParam(440);
  detune = new FakeParam(0);
  type = 'sine';
  buffer: unknown = null;
  start(t: number) {
    this.started.push(t);
  }
  stop() {}
}

export class FakeAudioContext {
  static created: FakeAudioContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  sampleRate = 8000;
  destination = new FakeNode('destination');
  gains: FakeGain[] = [];
  sources: FakeSource[] = [];
  resumed = 0;
  constructor() {
    FakeAudioContext.created.push(this);
  }
  resume() {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createGain() {
    const node = new FakeGain();
    this.gains.push(node);
    return node;
  }
  createOscillator() {
    const node = new FakeSource('oscillator');
    this.sources.push(node);
    return node;
  }
  createBufferSource() {
    const node = new FakeSource('buffer');
    this.sources.push(node);
    return node;
  }
  createBuffer(_channels: number, length: number) {
    const data = new Float32Array(length);
    return { getChannelData: () => data };
  }
  createBiquadFilter() {
    return Object.assign(new FakeNode('filter'), { type: 'lowpass', frequency: new FakeParam(350), Q: new FakeParam(1) });
  }
  createDelay() {
    return Object.assign(new FakeNode('delay'), { delayTime: new FakeParam(0) });
  }
  createDynamicsCompressor() {
    return Object.assign(new FakeNode('compressor'), { threshold: new FakeParam(-24), ratio: new FakeParam(12) });
  }
}

/** The engine's three buses: the first three gains it creates, in its order. */
export function buses(ctx: FakeAudioContext) {
  const [master, music, sfx] = ctx.gains;
  if (!master || !music || !sfx) throw new Error('no buses');
  return { master, music, sfx };
}
