/** The three saved volumes, each a whole number from 0 to 100 (spec 01 "Audio settings"). */
export interface Volumes {
  master: number;
  music: number;
  sfx: number;
}

/** The gains the engine puts on its three buses, and what reaches the speakers per channel. */
export interface BusGains {
  master: number;
  music: number;
  sfx: number;
  /** master × music: the loudness of the music loop. */
  musicOut: number;
  /** master × sfx: the loudness of the effects. */
  sfxOut: number;
}

/**
 * A slider position as a gain. Loudness is heard roughly logarithmically, so the slider maps on a
 * square curve: 100 is full, 50 is a quarter of the amplitude (about -12 dB), 0 is silence.
 * Anything that is not a finite number counts as 0 (silent rather than loud).
 */
export function sliderGain(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const fraction = Math.min(100, Math.max(0, value)) / 100;
  return fraction * fraction;
}

/** Master scales both music and effects; a channel at 0 (muted) is silent whatever the master. */
export function busGains({ master, music, sfx }: Volumes): BusGains {
  const m = sliderGain(master);
  const mu = sliderGain(music);
  const s = sliderGain(sfx);
  return { master: m, music: mu, sfx: s, musicOut: m * mu, sfxOut: m * s };
}
