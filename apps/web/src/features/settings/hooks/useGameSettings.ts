import { useSyncExternalStore } from 'react';
import { browserStore } from '@/lib/storage';
import { GAME_SETTINGS_KEY, parseGameSettings, serialiseGameSettings, type GameSettings } from '../lib/game-settings';

/** Same-tab listeners; other tabs hear about a save through the 'storage' event. */
const listeners = new Set<() => void>();

let cachedRaw: string | null | undefined;
let cachedSettings: GameSettings = parseGameSettings(null);

function snapshot(): GameSettings {
  const raw = browserStore('local').getItem(GAME_SETTINGS_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSettings = parseGameSettings(raw);
  }
  return cachedSettings;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === GAME_SETTINGS_KEY) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved audio settings, updated live when this tab or another one saves (spec 01 section 4). */
export function useGameSettings(): GameSettings {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function saveGameSettings(settings: GameSettings): void {
  browserStore('local').setItem(GAME_SETTINGS_KEY, serialiseGameSettings(settings));
  for (const listener of listeners) listener();
}
