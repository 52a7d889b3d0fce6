import type { ConsoleMessage } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { hasDatabaseErrorText, matchesFilter, visibleMessages } from './filters';

const KINDS = ['user', 'system', 'roll', 'adventure-start', 'adventure-return', 'poker', 'mana', 'success', 'error'];
const line = (id: number, kind: string, content = `line ${id}`): ConsoleMessage => ({
  id,
  kind,
  sender: 'System',
  content,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const shown = (filter: Parameters<typeof matchesFilter>[1]) => KINDS.filter((kind) => matchesFilter(kind, filter));

describe('spec 02 §2 filter tabs: All, Adventure, Poker, Rolls', () => {
  it('Rolls shows dice rolls only', () => {
    expect(shown('rolls')).toEqual(['roll']);
  });

  it('Poker shows the poker table only', () => {
    expect(shown('poker')).toEqual(['poker']);
  });

  it('Adventure shows departures, returns and mana use', () => {
    expect(shown('adventure')).toEqual(['adventure-start', 'adventure-return', 'mana']);
  });

  it('All shows every kind, unknown ones too', () => {
    expect(shown('all')).toEqual(KINDS);
    expect(matchesFilter('something-new', 'all')).toBe(true);
    expect(matchesFilter('something-new', 'adventure')).toBe(false);
  });
});

describe('spec 02 §2 messages containing database error text are hidden', () => {
  it('recognises database errors', () => {
    expect(hasDatabaseErrorText('Database error: connection lost')).toBe(true);
    expect(hasDatabaseErrorText('relation "character_adventures" does not exist')).toBe(true);
    expect(hasDatabaseErrorText('duplicate key value violates unique constraint "x"')).toBe(true);
    expect(hasDatabaseErrorText('insert violates foreign key constraint "fk"')).toBe(true);
    expect(hasDatabaseErrorText('syntax error at or near "SELECT"')).toBe(true);
  });

  it('keeps game text, errors included', () => {
    expect(hasDatabaseErrorText('Unknown command: /foo. Type /help for available commands.')).toBe(false);
    expect(hasDatabaseErrorText('Aria rolls 2d6: 3 + 5 = 8.')).toBe(false);
    expect(hasDatabaseErrorText('Adventure ended with an error. Please try again.')).toBe(false);
  });

  it('filters by tab and drops database errors, keeping the order', () => {
    const messages = [line(1, 'roll'), line(2, 'user'), line(3, 'roll', 'Database error: boom'), line(4, 'roll')];
    expect(visibleMessages(messages, 'rolls').map((m) => m.id)).toEqual([1, 4]);
    expect(visibleMessages(messages, 'all').map((m) => m.id)).toEqual([1, 2, 4]);
  });
});
