import { midiHz, tone } from './synth';

/**
 * The ambient loop for the game screens, written as data and played by a look-ahead scheduler:
 * eight bars in A minor at 76 beats a minute (about 25 seconds), soft pads, a low bass note per
 * bar and a gentle arpeggio through a dotted-eighth echo. Bar 8 (E major) leads back into bar 1,
 * so the loop has no seam.
 */
export const TEMPO_BPM = 76;
export const BEAT_S = 60 / TEMPO_BPM;
export const BAR_S = BEAT_S * 4;

interface Bar {
  /** Pad voicing (MIDI notes). */
  pad: readonly number[];
  bass: number;
  /** Arpeggio notes, one per eighth (null: rest). */
  arp: ReadonlyArray<number | null>;
}

const chord = (pad: number[], bass: number, arpTones: number[], busy: boolean): Bar => {
  const [a, b, c, d] = arpTones as [number, number, number, number];
  return { pad, bass, arp: busy ? [a, b, c, d, c, b, a, null] : [a, null, c, null, b, null, null, null] };
};

export const LOOP: readonly Bar[] = [
  chord([57, 60, 64], 45, [69, 72, 76, 81], false), // Am
  chord([53, 57, 60], 41, [65, 69, 72, 77], false), // F
  chord([55, 60, 64], 48, [67, 72, 76, 79], true), // C
  chord([55, 59, 62], 43, [67, 71, 74, 79], true), // G
  chord([57, 60, 64], 45, [69, 72, 76, 81], true), // Am
  chord([53, 57, 60], 41, [65, 69, 72, 77], true), // F
  chord([57, 62, 65], 38, [62, 65, 69, 74], false), // Dm
  chord([56, 59, 64], 40, [64, 68, 71, 76], false), // E (the raised seventh that leads home)
];

export const LOOP_S = LOOP.length * BAR_S;

/** Schedules one bar of the loop starting at `t` into `out`. */
export function scheduleBar(ctx: BaseAudioContext, out: AudioNode, echo: AudioNode, index: number, t: number): void {
  const bar = LOOP[((index % LOOP.length) + LOOP.length) % LOOP.length]!;
  // Pads: two slightly detuned voices per note, slow swell, tails overlap into the next bar.
  for (const note of bar.pad) {
    for (const detuneCents of [-7, 7]) {
      tone(ctx, out, { note, type: 'triangle', start: t, duration: BAR_S + 0.8, peak: 0.035, attack: 1.1, lowpass: 1100, detuneCents });
    }
  }
  tone(ctx, out, { hz: midiHz(bar.bass), start: t, duration: BAR_S, peak: 0.12, attack: 0.3 });
  bar.arp.forEach((note, step) => {
    if (note === null) return;
    tone(ctx, echo, { note, type: 'sine', start: t + (step * BEAT_S) / 2, duration: 0.9, peak: 0.05, attack: 0.01 });
  });
}

export interface MusicLoop {
  stop(fadeSeconds?: number): void;
}

/** How far ahead notes are scheduled, and how often the scheduler looks. */
const LOOKAHEAD_S = 1.5;
const TICK_MS = 250;

/**
 * Starts the loop on `destination` at the next moment, fading in. The scheduler runs on a timer and
 * keeps the next bar queued well ahead, so a busy main thread does not stall the music.
 */
export function startMusic(ctx: BaseAudioContext, destination: AudioNode): MusicLoop {
  const out = ctx.createGain();
  const start = ctx.currentTime + 0.1;
  out.gain.setValueAtTime(0.0001, start);
  out.gain.linearRampToValueAtTime(1, start + 2);
  out.connect(destination);

  // The arpeggio's echo: a dotted eighth, fed back softly through a darkening filter.
  const echoIn = ctx.createGain();
  const delay = ctx.createDelay(2);
  delay.delayTime.setValueAtTime(BEAT_S * 0.75, start);
  const feedback = ctx.createGain();
  feedback.gain.setValueAtTime(0.35, start);
  const damp = ctx.createBiquadFilter();
  damp.type = 'lowpass';
  damp.frequency.setValueAtTime(2200, start);
  echoIn.connect(out);
  echoIn.connect(delay);
  delay.connect(damp);
  damp.connect(feedback);
  feedback.connect(delay);
  damp.connect(out);

  let bar = 0;
  let nextBarAt = start;
  const pump = () => {
    // After a long stall (a sleeping laptop), skip ahead instead of playing every missed bar at once.
    if (nextBarAt < ctx.currentTime) nextBarAt = ctx.currentTime + 0.05;
    while (nextBarAt < ctx.currentTime + LOOKAHEAD_S) {
      scheduleBar(ctx, out, echoIn, bar, nextBarAt);
      bar += 1;
      nextBarAt += BAR_S;
    }
  };
  pump();
  const timer = setInterval(pump, TICK_MS);

  let stopped = false;
  return {
    stop(fadeSeconds = 1) {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      const now = ctx.currentTime;
      out.gain.cancelScheduledValues(now);
      out.gain.setValueAtTime(out.gain.value, now);
      out.gain.linearRampToValueAtTime(0.0001, now + fadeSeconds);
      setTimeout(
        () => {
          for (const node of [out, echoIn, delay, damp, feedback]) node.disconnect();
        },
        (fadeSeconds + 0.2) * 1000,
      );
    },
  };
}
