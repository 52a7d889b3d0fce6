/** Small building blocks for synthesised sound: a note with an envelope, a burst of noise. */

export function midiHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

export interface ToneOptions {
  /** MIDI note number (60 = middle C) or, with `hz`, a frequency. */
  note?: number;
  hz?: number;
  /** Glide to this frequency over the note. */
  glideToHz?: number;
  type?: OscillatorType;
  start: number;
  /** Seconds from the start to the end of the release. */
  duration: number;
  peak: number;
  attack?: number;
  /** Low-pass cutoff in Hz (none when left out). */
  lowpass?: number;
  detuneCents?: number;
}

/** One oscillator through an attack / exponential decay envelope, stopped after its tail. */
export function tone(ctx: BaseAudioContext, out: AudioNode, options: ToneOptions): void {
  const { type = 'sine', start, duration, peak, attack = 0.01, lowpass, detuneCents = 0 } = options;
  const hz = options.hz ?? midiHz(options.note ?? 69);
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(hz, start);
  if (options.glideToHz) osc.frequency.exponentialRampToValueAtTime(options.glideToHz, start + duration);
  if (detuneCents) osc.detune.setValueAtTime(detuneCents, start);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.linearRampToValueAtTime(peak, start + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + Math.max(duration, attack + 0.02));
  let head: AudioNode = osc;
  if (lowpass) {
    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.setValueAtTime(lowpass, start);
    osc.connect(filter);
    head = filter;
  }
  head.connect(amp);
  amp.connect(out);
  osc.start(start);
  osc.stop(start + duration + 0.05);
}

const noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

/** One second of white noise per context, made once (a fixed pattern, so no randomness is needed). */
function noiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  const cached = noiseBuffers.get(ctx);
  if (cached) return cached;
  const buffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // A linear congruential sequence: noise that sounds like noise and is the same every time.
  let seed = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    data[i] = seed / 0x80000000 - 1;
  }
  noiseBuffers.set(ctx, buffer);
  return buffer;
}

export interface NoiseOptions {
  start: number;
  duration: number;
  peak: number;
  /** Band-pass centre in Hz. */
  band: number;
  q?: number;
  attack?: number;
}

/** A filtered burst of noise: card flicks, chip rattles, a drum's skin, a gust. */
export function noise(ctx: BaseAudioContext, out: AudioNode, { start, duration, peak, band, q = 1.5, attack = 0.004 }: NoiseOptions): void {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.setValueAtTime(band, start);
  filter.Q.setValueAtTime(q, start);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.linearRampToValueAtTime(peak, start + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  source.connect(filter);
  filter.connect(amp);
  amp.connect(out);
  source.start(start);
  source.stop(start + duration + 0.05);
}
