import type { KeyValueStore } from '@/lib/storage';

/** Spec 01 section 3 "Audio settings": kept on the device under 'gameSettings'. */
export const GAME_SETTINGS_KEY = 'gameSettings';

export interface GameSettings {
  gameVolume: number;
  musicVolume: number;
  sfxVolume: number;
  notificationsEnabled: boolean;
}

export type VolumeChannel = 'gameVolume' | 'musicVolume' | 'sfxVolume';
export const VOLUME_CHANNELS: readonly VolumeChannel[] = ['gameVolume', 'musicVolume', 'sfxVolume'];

/** Spec 01 section 9: defaults 70 / 50 / 80 with notifications on. */
export const DEFAULT_GAME_SETTINGS: Readonly<GameSettings> = {
  gameVolume: 70,
  musicVolume: 50,
  sfxVolume: 80,
  notificationsEnabled: true,
};

/** Spec 01 section 9: unmute restores 70 master, 50 music, 80 sfx. */
export const UNMUTE_VOLUMES: Readonly<Record<VolumeChannel, number>> = { gameVolume: 70, musicVolume: 50, sfxVolume: 80 };

export const MIN_VOLUME = 0;
export const MAX_VOLUME = 100;

/** A whole number from 0 to 100, or null when `value` is not a finite number. */
export function clampVolume(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.min(MAX_VOLUME, Math.max(MIN_VOLUME, Math.round(value)));
}

/** Reads the stored JSON; a missing, broken or out-of-range field takes its default. */
export function parseGameSettings(raw: string | null): GameSettings {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) stored = value as Record<string, unknown>;
  } catch {
    // Not JSON: the defaults apply.
  }
  const settings: GameSettings = { ...DEFAULT_GAME_SETTINGS };
  for (const channel of VOLUME_CHANNELS) settings[channel] = clampVolume(stored[channel]) ?? DEFAULT_GAME_SETTINGS[channel];
  if (typeof stored.notificationsEnabled === 'boolean') settings.notificationsEnabled = stored.notificationsEnabled;
  return settings;
}

export function serialiseGameSettings(settings: GameSettings): string {
  const { gameVolume, musicVolume, sfxVolume, notificationsEnabled } = settings;
  return JSON.stringify({ gameVolume, musicVolume, sfxVolume, notificationsEnabled });
}

export function readGameSettings(store: KeyValueStore): GameSettings {
  return parseGameSettings(store.getItem(GAME_SETTINGS_KEY));
}

export function writeGameSettings(store: KeyValueStore, settings: GameSettings): void {
  store.setItem(GAME_SETTINGS_KEY, serialiseGameSettings(settings));
}

export function setVolume(settings: GameSettings, channel: VolumeChannel, value: number): GameSettings {
  return { ...settings, [channel]: clampVolume(value) ?? settings[channel] };
}

export function isMuted(settings: GameSettings, channel: VolumeChannel): boolean {
  return settings[channel] === 0;
}

/** Spec 01 section 2: mute sets the channel to 0; unmute restores its fixed value. */
export function toggleMute(settings: GameSettings, channel: VolumeChannel): GameSettings {
  return { ...settings, [channel]: isMuted(settings, channel) ? UNMUTE_VOLUMES[channel] : 0 };
}

export function sameSettings(a: GameSettings, b: GameSettings): boolean {
  return serialiseGameSettings(a) === serialiseGameSettings(b);
}
