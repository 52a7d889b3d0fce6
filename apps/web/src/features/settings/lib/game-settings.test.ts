import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@/lib/storage';
import {
  DEFAULT_GAME_SETTINGS,
  GAME_SETTINGS_KEY,
  isMuted,
  parseGameSettings,
  readGameSettings,
  setVolume,
  toggleMute,
  writeGameSettings,
} from './game-settings';

function memory(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('spec 01 sections 3 and 9: audio settings on the device', () => {
  it('falls back to 70 / 50 / 80 with notifications on when nothing usable is stored', () => {
    const expected = { gameVolume: 70, musicVolume: 50, sfxVolume: 80, notificationsEnabled: true };
    expect(parseGameSettings(null)).toEqual(expected);
    expect(parseGameSettings('not json')).toEqual(expected);
    expect(parseGameSettings('[1,2]')).toEqual(expected);
    expect(parseGameSettings('{"gameVolume":"loud","notificationsEnabled":"yes"}')).toEqual(expected);
  });

  it('keeps volumes within 0 to 100 as whole numbers', () => {
    expect(parseGameSettings('{"gameVolume":250,"musicVolume":-5,"sfxVolume":33.6}')).toMatchObject({
      gameVolume: 100,
      musicVolume: 0,
      sfxVolume: 34,
    });
    expect(setVolume(DEFAULT_GAME_SETTINGS, 'musicVolume', 140).musicVolume).toBe(100);
  });

  it('stores exactly the four fields under gameSettings and reads them back', () => {
    const store = memory();
    const settings = { gameVolume: 10, musicVolume: 20, sfxVolume: 30, notificationsEnabled: false };
    writeGameSettings(store, settings);
    expect(JSON.parse(store.values.get(GAME_SETTINGS_KEY) ?? '')).toEqual(settings);
    expect(readGameSettings(store)).toEqual(settings);
  });
});

describe('spec 01 section 2: mute toggles', () => {
  it('mute sets the channel to 0 and leaves the others', () => {
    const muted = toggleMute(DEFAULT_GAME_SETTINGS, 'musicVolume');
    expect(muted).toEqual({ ...DEFAULT_GAME_SETTINGS, musicVolume: 0 });
    expect(isMuted(muted, 'musicVolume')).toBe(true);
  });

  it('unmute restores 70 master, 50 music and 80 sfx, whatever the value was before muting', () => {
    const quiet = { gameVolume: 12, musicVolume: 13, sfxVolume: 14, notificationsEnabled: true };
    const muted = toggleMute(toggleMute(toggleMute(quiet, 'gameVolume'), 'musicVolume'), 'sfxVolume');
    expect(muted).toMatchObject({ gameVolume: 0, musicVolume: 0, sfxVolume: 0 });
    const restored = toggleMute(toggleMute(toggleMute(muted, 'gameVolume'), 'musicVolume'), 'sfxVolume');
    expect(restored).toMatchObject({ gameVolume: 70, musicVolume: 50, sfxVolume: 80 });
  });

  it('a slider dragged to 0 counts as muted', () => {
    expect(isMuted(setVolume(DEFAULT_GAME_SETTINGS, 'sfxVolume', 0), 'sfxVolume')).toBe(true);
  });
});
