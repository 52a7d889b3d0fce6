import type { ConsoleMessage, ConsoleMessageKind, ConsolePage } from '@rpg/contract';
import { and, asc, between, desc, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { consoleMessages } from '../schema/index.ts';

/** A line for a character's console. */
export interface ConsoleLine {
  kind: ConsoleMessageKind;
  content: string;
  /** Defaults to 'System' (the character's name for 'user' lines). */
  sender?: string;
}

type StoredMessage = typeof consoleMessages.$inferSelect;
/** What a player sees of a stored line. */
type ShownMessage = Pick<StoredMessage, 'id' | 'kind' | 'sender' | 'content' | 'createdAt'>;
const shownColumns = {
  id: consoleMessages.id,
  kind: consoleMessages.kind,
  sender: consoleMessages.sender,
  content: consoleMessages.content,
  createdAt: consoleMessages.createdAt,
};

/** A stored line as the console shows it (ConsoleMessage). */
export const toMessageView = (m: ShownMessage): ConsoleMessage => ({
  id: m.id,
  kind: m.kind,
  sender: m.sender,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

/** The insert of `count` lines, one prepared statement per count (db/prepared.ts): most writes are 1 to 4 lines. */
const PREPARED_UP_TO = 8;
const insertLines = Array.from({ length: PREPARED_UP_TO + 1 }, (_, count) =>
  count === 0
    ? undefined
    : prepared<Record<string, string>, StoredMessage[]>(`console_lines_${count}`, (db) =>
        db
          .insert(consoleMessages)
          .values(
            Array.from({ length: count }, (_, i) => ({
              characterId: sql.placeholder('characterId'),
              kind: sql.placeholder(`kind${i}`),
              sender: sql.placeholder(`sender${i}`),
              content: sql.placeholder(`content${i}`),
            })),
          )
          .returning(),
      ),
);

/**
 * The one place that adds lines to a character's console (commands, adventures, crafts, the
 * launcher). Inside the caller's transaction; after the commit the caller pushes
 * `queryKeys.console(characterId)` (through `Pusher.invalidate`) so every open tab shows them.
 * Returns the stored lines in order.
 */
export async function writeConsoleLines(tx: DbOrTx, characterId: string, lines: readonly ConsoleLine[]): Promise<ConsoleMessage[]> {
  if (lines.length === 0) return [];
  const rows = lines.map((line) => ({ characterId, kind: line.kind, sender: line.sender ?? 'System', content: line.content }));
  const insert = insertLines[lines.length];
  let stored: StoredMessage[];
  if (insert) {
    const values: Record<string, string> = { characterId };
    rows.forEach((row, i) => {
      values[`kind${i}`] = row.kind;
      values[`sender${i}`] = row.sender;
      values[`content${i}`] = row.content;
    });
    stored = await insert(tx, values);
  } else stored = await tx.insert(consoleMessages).values(rows).returning();
  return stored.sort((a, b) => a.id - b.id).map(toMessageView);
}

// The character as a range of one (`between`), not an equality, and the order as the (character_id,
// id) index's: with an equality PostgreSQL may read the newest lines of every character backwards
// along the primary key, filtering, and it did whenever the character was among the busiest: for a
// player whose last lines are older than 11,000 of others', 6 ms of database a page instead of 0.2.
const pageIds = (db: DbOrTx, before: boolean) =>
  db
    .select({ id: consoleMessages.id })
    .from(consoleMessages)
    .where(
      and(
        between(consoleMessages.characterId, sql.placeholder('characterId'), sql.placeholder('characterId')),
        before ? lt(consoleMessages.id, sql.placeholder('before')) : undefined,
      ),
    )
    .orderBy(desc(consoleMessages.characterId), desc(consoleMessages.id))
    .limit(sql.placeholder('limit'));

/**
 * A page's statement (its plan has a test: console-page-plan.test.ts). `= any(array(...))`: the ids
 * are read once and their rows fetched by the primary key, whatever plan the statement gets (an
 * `in (...)` of the same subquery got a whole-table scan in the generic plan).
 */
export const consolePageQuery = (db: DbOrTx, before: boolean) =>
  db
    .select(shownColumns)
    .from(consoleMessages)
    .where(sql`${consoleMessages.id} = any(array(${pageIds(db, before)}))`)
    .orderBy(asc(consoleMessages.id));
const pageRead = (before: boolean) =>
  prepared<{ characterId: string; limit: number; before?: number }, ShownMessage[]>(before ? 'console_page_before' : 'console_page', (db) =>
    consolePageQuery(db, before),
  );
const newestPage = pageRead(false);
const pageBefore = pageRead(true);

/**
 * A page of a character's console, oldest first: the newest `limit` lines, or those before the line
 * `before`; `hasMore` when the page is full. The page's ids come from the (character_id, id) index
 * alone, then their rows: asked for the rows at once, PostgreSQL walked the primary key back from the
 * newest line of any character, which for a character whose lines are old read most of the table
 * (128 ms with 1.4 million lines, against 0.4 ms; docs/performance.md, "Reads").
 */
export async function consolePage(db: DbOrTx, characterId: string, limit: number, before?: number): Promise<ConsolePage> {
  const rows = before ? await pageBefore(db, { characterId, limit, before }) : await newestPage(db, { characterId, limit });
  return { messages: rows.map(toMessageView), hasMore: rows.length === limit };
}
