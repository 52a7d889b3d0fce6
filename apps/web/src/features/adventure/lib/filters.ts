import type { ConsoleMessage } from '@rpg/contract';

/** The console's filter tabs (spec 02 §2, §4 "Chat filter tab"). */
export const CONSOLE_FILTERS = ['all', 'adventure', 'poker', 'rolls'] as const;
export type ConsoleFilter = (typeof CONSOLE_FILTERS)[number];

export const FILTER_LABELS: Record<ConsoleFilter, string> = { all: 'All', adventure: 'Adventure', poker: 'Poker', rolls: 'Rolls' };

/**
 * Which message kinds each tab shows. 'All' shows every kind. Adventure holds the journey lines and
 * mana lines (spells and potions change the next fight and the vitals a journey costs); Poker holds
 * the table's lines; Rolls the dice. The player's own lines, system answers, successes and errors
 * show only under All: a line's kind, not its text, decides.
 */
export const FILTER_KINDS: Record<Exclude<ConsoleFilter, 'all'>, readonly string[]> = {
  adventure: ['adventure-start', 'adventure-return', 'mana'],
  poker: ['poker'],
  rolls: ['roll'],
};

export function matchesFilter(kind: string, filter: ConsoleFilter): boolean {
  return filter === 'all' || FILTER_KINDS[filter].includes(kind);
}

/**
 * Spec 02 §2: messages containing database error text are hidden. These are the marks of a
 * PostgreSQL or driver error leaking into a line; the server should never store one, so this is a
 * last guard, not a feature.
 */
const DATABASE_ERROR_PATTERNS: readonly RegExp[] = [
  /database error/i,
  /relation "[^"]*" does not exist/i,
  /column "[^"]*" (?:of relation "[^"]*" )?does not exist/i,
  /duplicate key value violates/i,
  /violates (?:foreign key|unique|check|not-null) constraint/i,
  /syntax error at or near/i,
  /\bSQLSTATE\b/,
  /\bPGRST\d+/,
  /\bECONNREFUSED\b/,
  /could not serialize access/i,
  /deadlock detected/i,
];

export function hasDatabaseErrorText(content: string): boolean {
  return DATABASE_ERROR_PATTERNS.some((pattern) => pattern.test(content));
}

/** The lines a tab shows, oldest first. */
export function visibleMessages(messages: readonly ConsoleMessage[], filter: ConsoleFilter): ConsoleMessage[] {
  return messages.filter((m) => matchesFilter(m.kind, filter) && !hasDatabaseErrorText(m.content));
}
