import { useEffect } from 'react';
import type { SoundName } from './effects';
import { AudioEngine, browserAudioHost, type AudioSnapshot, type PlayStatus } from './engine';

export type { SoundName } from './effects';
export type { AudioSnapshot, PlayStatus } from './engine';
export type { Volumes } from './volume';

/** The tab's audio engine (app/ feeds it the saved volumes and installs its gesture listeners). */
export const gameAudio = new AudioEngine(browserAudioHost);

/** Plays a named effect where the event happens; silently does nothing before the first gesture. */
export function playSound(name: SoundName): PlayStatus {
  return gameAudio.play(name);
}

/** The tab the player looked at last, among this browser's game tabs (issue 44: it plays the notices while every one is hidden). */
const LAST_SEEN_TAB_KEY = 'rpg.lastSeenTab';
const tabId = Math.random().toString(36).slice(2);

function lastSeenStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function markSeen(): void {
  if (!browserAudioHost.isHidden()) lastSeenStore()?.setItem(LAST_SEEN_TAB_KEY, tabId);
}

if (typeof document !== 'undefined') {
  markSeen();
  document.addEventListener('visibilitychange', markSeen);
}

/** True in the tab in view, and in the hidden tab the player saw last (they are elsewhere: one tab rings). */
export function ringsHere(): boolean {
  if (!browserAudioHost.isHidden()) return true;
  const last = lastSeenStore()?.getItem(LAST_SEEN_TAB_KEY);
  return last === tabId || last === null || last === undefined;
}

/**
 * For an event the server pushes to every tab of the player (an adventure or craft finishing): the
 * tab in view plays it, or, while every game tab is hidden, the one seen last (issue 44), so two
 * open tabs do not play it twice. `then` follows after its delay (victory, then level up).
 */
export function playNoticeSound(name: SoundName, then?: { name: SoundName; afterMs: number }): PlayStatus {
  if (!ringsHere()) return 'silent';
  const status = gameAudio.play(name);
  if (then) setTimeout(() => gameAudio.play(then.name), then.afterMs);
  return status;
}

/** The music loop plays while a component using this is mounted (the game screens' frame). */
export function useGameMusic(): void {
  useEffect(() => {
    gameAudio.setMusicWanted(true);
    return () => gameAudio.setMusicWanted(false);
  }, []);
}

interface ReadOnlyAudio {
  snapshot(): AudioSnapshot;
}

declare global {
  interface Window {
    /** Development builds: the engine's state for the console (read-only). */
    __rpgAudio?: ReadOnlyAudio;
    /** Set by a browser test before the app loads; receives the same read-only view. */
    __rpgAudioProbe?: (audio: ReadOnlyAudio) => void;
  }
}

if (typeof window !== 'undefined') {
  const readOnly: ReadOnlyAudio = Object.freeze({ snapshot: () => gameAudio.snapshot() });
  if (import.meta.env.DEV) window.__rpgAudio = readOnly;
  if (typeof window.__rpgAudioProbe === 'function') window.__rpgAudioProbe(readOnly);
}
