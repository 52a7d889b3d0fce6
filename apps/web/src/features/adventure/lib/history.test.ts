import { describe, expect, it } from 'vitest';
import { addToHistory, FRESH_CURSOR, HISTORY_LIMIT, historyDown, historyStorageKey, historyUp, loadHistory, saveHistory, type HistoryCursor } from './history';

function memory() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('spec 02 §5 command history keeps 20 entries', () => {
  it('ignores empty lines and does not store a repeat of the newest twice', () => {
    expect(addToHistory([], '   ')).toEqual([]);
    expect(addToHistory(['/help'], ' /help ')).toEqual(['/help']);
    expect(addToHistory(['/help', '/roll'], '/help')).toEqual(['/help', '/roll', '/help']);
  });

  it('drops the oldest past 20', () => {
    let entries: string[] = [];
    for (let i = 1; i <= 25; i += 1) entries = addToHistory(entries, `/roll ${i}d6`);
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(entries[0]).toBe('/roll 6d6');
    expect(entries[19]).toBe('/roll 25d6');
  });
});

describe('spec 02 §2 up and down arrows walk the command history', () => {
  const entries = ['/help', '/roll 2d6', 'hello'];

  it('does nothing without history, or on Down while typing a fresh line', () => {
    expect(historyUp([], FRESH_CURSOR, 'x')).toBeNull();
    expect(historyDown(entries, FRESH_CURSOR)).toBeNull();
  });

  it('Up goes from the newest to the oldest and stops there', () => {
    let cursor: HistoryCursor = FRESH_CURSOR;
    const seen: string[] = [];
    for (;;) {
      const step = historyUp(entries, cursor, 'half-typed');
      if (!step) break;
      cursor = step.cursor;
      seen.push(step.value);
    }
    expect(seen).toEqual(['hello', '/roll 2d6', '/help']);
    expect(cursor.index).toBe(0);
  });

  it('Down walks back and then restores the line being typed', () => {
    const up1 = historyUp(entries, FRESH_CURSOR, 'half-typed');
    const up2 = historyUp(entries, up1!.cursor, 'hello');
    expect(up2!.value).toBe('/roll 2d6');
    const down1 = historyDown(entries, up2!.cursor);
    expect(down1!.value).toBe('hello');
    const down2 = historyDown(entries, down1!.cursor);
    expect(down2).toEqual({ cursor: FRESH_CURSOR, value: 'half-typed' });
  });
});

describe('the history is kept on the device, per character', () => {
  it('round-trips through storage under a key per character', () => {
    const store = memory();
    saveHistory(store, 'c1', ['/help', '/roll']);
    expect(loadHistory(store, 'c1')).toEqual(['/help', '/roll']);
    expect(loadHistory(store, 'c2')).toEqual([]);
    expect(store.getItem(historyStorageKey('c1'))).toBe('["/help","/roll"]');
  });

  it('reads anything unexpected as empty or cleans it', () => {
    const store = memory();
    store.setItem(historyStorageKey('c1'), '{not json');
    expect(loadHistory(store, 'c1')).toEqual([]);
    store.setItem(historyStorageKey('c1'), JSON.stringify({ a: 1 }));
    expect(loadHistory(store, 'c1')).toEqual([]);
    store.setItem(historyStorageKey('c1'), JSON.stringify(['/help', 3, '', '/roll']));
    expect(loadHistory(store, 'c1')).toEqual(['/help', '/roll']);
  });
});
