import { noise, tone } from './synth';

/** The game's sound effects; each is synthesised on the spot (nothing is downloaded). */
export const SOUND_NAMES = ['splash', 'adventureStart', 'victory', 'defeat', 'coins', 'levelUp', 'pokerDeal', 'pokerWin', 'craftDone', 'error'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

type Recipe = (ctx: BaseAudioContext, out: AudioNode, t: number) => void;

function arpeggio(ctx: BaseAudioContext, out: AudioNode, t: number, notes: number[], step: number, last: number, type: OscillatorType, peak: number) {
  notes.forEach((note, i) => {
    const isLast = i === notes.length - 1;
    tone(ctx, out, { note, type, start: t + i * step, duration: isLast ? last : step * 3, peak, attack: 0.008 });
  });
}

const RECIPES: Readonly<Record<SoundName, Recipe>> = {
  /** 'Click to Play': a bell-like A minor shimmer rising over a low swell. */
  splash: (ctx, out, t) => {
    tone(ctx, out, { note: 45, type: 'triangle', start: t, duration: 1.8, peak: 0.18, attack: 0.25, lowpass: 600 });
    [69, 72, 76, 81, 84].forEach((note, i) => {
      tone(ctx, out, { note, start: t + i * 0.09, duration: 1.4, peak: 0.12 });
      tone(ctx, out, { note: note + 12, start: t + i * 0.09, duration: 0.6, peak: 0.03 });
    });
  },
  /** Setting out: a drum beat and a horn call rising a fifth. */
  adventureStart: (ctx, out, t) => {
    tone(ctx, out, { hz: 130, glideToHz: 50, start: t, duration: 0.35, peak: 0.5, attack: 0.005 });
    noise(ctx, out, { start: t, duration: 0.12, peak: 0.15, band: 900 });
    tone(ctx, out, { note: 62, type: 'sawtooth', start: t + 0.12, duration: 0.3, peak: 0.12, attack: 0.04, lowpass: 1400 });
    tone(ctx, out, { note: 69, type: 'sawtooth', start: t + 0.4, duration: 0.8, peak: 0.13, attack: 0.05, lowpass: 1600 });
    tone(ctx, out, { note: 57, type: 'triangle', start: t + 0.4, duration: 0.8, peak: 0.1, attack: 0.05 });
  },
  /** Coming back victorious: a bright major fanfare ending on a held chord. */
  victory: (ctx, out, t) => {
    arpeggio(ctx, out, t, [60, 64, 67], 0.11, 0.3, 'triangle', 0.18);
    for (const note of [72, 67, 64]) tone(ctx, out, { note, type: 'triangle', start: t + 0.34, duration: 1.2, peak: 0.13, attack: 0.02 });
    tone(ctx, out, { note: 72, type: 'square', start: t + 0.34, duration: 0.9, peak: 0.035, lowpass: 2500 });
    tone(ctx, out, { note: 48, start: t + 0.34, duration: 1.2, peak: 0.2 });
  },
  /** Coming back beaten: a slow falling minor line over a low tone. */
  defeat: (ctx, out, t) => {
    [64, 60, 57].forEach((note, i) => {
      tone(ctx, out, { note, type: 'triangle', start: t + i * 0.32, duration: i === 2 ? 1.4 : 0.45, peak: 0.16, attack: 0.03, lowpass: 1200 });
    });
    tone(ctx, out, { note: 45, type: 'sawtooth', start: t + 0.64, duration: 1.5, peak: 0.07, attack: 0.15, lowpass: 400 });
  },
  /** Coins: two bright pings, twice, the second jingle softer. */
  coins: (ctx, out, t) => {
    for (const [offset, level] of [
      [0, 1],
      [0.12, 0.5],
    ] as const) {
      tone(ctx, out, { note: 83, type: 'square', start: t + offset, duration: 0.07, peak: 0.06 * level, lowpass: 5000 });
      tone(ctx, out, { note: 88, type: 'square', start: t + offset + 0.06, duration: 0.35, peak: 0.06 * level, lowpass: 5000 });
    }
  },
  /** Level up: a quick climb through A major and a sparkle on top. */
  levelUp: (ctx, out, t) => {
    arpeggio(ctx, out, t, [69, 73, 76, 81, 85, 88], 0.065, 0.9, 'triangle', 0.15);
    for (let i = 0; i < 4; i++) tone(ctx, out, { note: 93 + (i % 2) * 4, start: t + 0.42 + i * 0.07, duration: 0.25, peak: 0.04 });
  },
  /** Cards dealt: three quick flicks of paper. */
  pokerDeal: (ctx, out, t) => {
    for (let i = 0; i < 3; i++) noise(ctx, out, { start: t + i * 0.09, duration: 0.06, peak: 0.35, band: 2800 + i * 300, q: 0.9, attack: 0.002 });
  },
  /** A won hand: chips rattle into the stack, then a warm major chord. */
  pokerWin: (ctx, out, t) => {
    for (let i = 0; i < 6; i++) noise(ctx, out, { start: t + i * 0.045, duration: 0.04, peak: 0.2, band: 4200 - i * 200, q: 4, attack: 0.002 });
    for (const note of [67, 71, 74]) tone(ctx, out, { note, type: 'triangle', start: t + 0.3, duration: 0.9, peak: 0.11, attack: 0.02 });
  },
  /** Crafting done: two strikes of an anvil (inharmonic partials ringing out). */
  craftDone: (ctx, out, t) => {
    for (const [offset, level] of [
      [0, 1],
      [0.28, 0.7],
    ] as const) {
      const base = 620;
      for (const [ratio, peak, decay] of [
        [1, 0.12, 0.9],
        [2.76, 0.07, 0.6],
        [5.4, 0.04, 0.35],
      ] as const) {
        tone(ctx, out, { hz: base * ratio, start: t + offset, duration: decay, peak: peak * level, attack: 0.002 });
      }
      noise(ctx, out, { start: t + offset, duration: 0.03, peak: 0.1 * level, band: 5000, q: 2, attack: 0.001 });
    }
  },
  /** Something went wrong: two soft low buzzes, falling. */
  error: (ctx, out, t) => {
    tone(ctx, out, { note: 52, type: 'square', start: t, duration: 0.13, peak: 0.07, lowpass: 900 });
    tone(ctx, out, { note: 48, type: 'square', start: t + 0.15, duration: 0.22, peak: 0.07, lowpass: 700 });
  },
};

/** Schedules `name` on `out` starting at `at` (seconds on the context's clock). */
export function synthesise(ctx: BaseAudioContext, out: AudioNode, name: SoundName, at: number): void {
  RECIPES[name](ctx, out, at);
}
