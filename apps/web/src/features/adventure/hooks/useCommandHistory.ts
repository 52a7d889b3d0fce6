import { useCallback, useRef, useState } from 'react';
import { browserStore } from '@/lib/storage';
import { addToHistory, FRESH_CURSOR, historyDown, historyUp, loadHistory, saveHistory, type HistoryCursor } from '../lib/history';

/**
 * Spec 02 §2 and §5: Up and Down walk the last 20 sent lines. Kept on this device in localStorage,
 * one list per character (DECISIONS §1: command history is a device preference).
 */
export function useCommandHistory(characterId: string) {
  const [store] = useState(() => browserStore('local'));
  const entries = useRef<string[] | null>(null);
  const cursor = useRef<HistoryCursor>(FRESH_CURSOR);

  const list = useCallback(() => {
    entries.current ??= loadHistory(store, characterId);
    return entries.current;
  }, [store, characterId]);

  /** Stores a sent line and ends any walk. */
  const record = useCallback(
    (line: string) => {
      entries.current = addToHistory(list(), line);
      saveHistory(store, characterId, entries.current);
      cursor.current = FRESH_CURSOR;
    },
    [list, store, characterId],
  );

  /** The line to show after Up, or null to leave the input alone. */
  const older = useCallback(
    (current: string): string | null => {
      const step = historyUp(list(), cursor.current, current);
      if (!step) return null;
      cursor.current = step.cursor;
      return step.value;
    },
    [list],
  );

  const newer = useCallback((): string | null => {
    const step = historyDown(list(), cursor.current);
    if (!step) return null;
    cursor.current = step.cursor;
    return step.value;
  }, [list]);

  /** Typing leaves the walk: the next Up starts again from the newest entry. */
  const leave = useCallback(() => {
    cursor.current = FRESH_CURSOR;
  }, []);

  return { record, older, newer, leave };
}
