import type { KeyValueStore } from '@/lib/storage';

/** Spec 02 §5: the command history keeps 20 entries (newest last). */
export const HISTORY_LIMIT = 20;

/** Where the walk through the history stands: null = editing a fresh line (kept as `draft`). */
export interface HistoryCursor {
  index: number | null;
  draft: string;
}

export const FRESH_CURSOR: HistoryCursor = { index: null, draft: '' };

export interface HistoryStep {
  cursor: HistoryCursor;
  /** What the input now shows. */
  value: string;
}

/** Records a sent line: trimmed, a repeat of the newest entry is not stored twice, the oldest fall off. */
export function addToHistory(entries: readonly string[], line: string): string[] {
  const text = line.trim();
  if (!text) return [...entries];
  const next = entries[entries.length - 1] === text ? [...entries] : [...entries, text];
  return next.slice(-HISTORY_LIMIT);
}

/** Up arrow: the previous (older) entry; the line being typed is kept to come back to. Null: nothing to do. */
export function historyUp(entries: readonly string[], cursor: HistoryCursor, current: string): HistoryStep | null {
  if (entries.length === 0) return null;
  if (cursor.index === null) {
    const index = entries.length - 1;
    return { cursor: { index, draft: current }, value: entries[index] ?? '' };
  }
  if (cursor.index === 0) return null;
  const index = Math.min(cursor.index - 1, entries.length - 1);
  return { cursor: { ...cursor, index }, value: entries[index] ?? '' };
}

/** Down arrow: the next (newer) entry, and past the newest the line that was being typed. */
export function historyDown(entries: readonly string[], cursor: HistoryCursor): HistoryStep | null {
  if (cursor.index === null) return null;
  if (cursor.index >= entries.length - 1) return { cursor: { index: null, draft: '' }, value: cursor.draft };
  const index = cursor.index + 1;
  return { cursor: { ...cursor, index }, value: entries[index] ?? '' };
}

export const historyStorageKey = (characterId: string) => `rpg.console-history.${characterId}`;

/** The stored history of one character; anything unreadable counts as empty. */
export function loadHistory(store: KeyValueStore, characterId: string): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(historyStorageKey(characterId)) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').slice(-HISTORY_LIMIT);
  } catch {
    return [];
  }
}

export function saveHistory(store: KeyValueStore, characterId: string, entries: readonly string[]): void {
  try {
    store.setItem(historyStorageKey(characterId), JSON.stringify(entries.slice(-HISTORY_LIMIT)));
  } catch {
    // Storage full or refused: the history lives on in memory for this visit.
  }
}
