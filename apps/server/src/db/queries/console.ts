import type { ConsoleMessage, ConsoleMessageKind } from '@rpg/contract';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { consoleMessages } from '../schema/index.ts';
import { isoTime } from './columns.ts';

/** A line for a character's console. */
export interface ConsoleLine {
  kind: ConsoleMessageKind;
  content: string;
  /** Defaults to 'System' (the character's name for 'user' lines). */
  sender?: string;
}

type StoredMessage = typeof consoleMessages.$inferSelect;

export const toMessageView = (m: StoredMessage): ConsoleMessage => ({
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

/**
 * A page of a character's console, oldest first: the newest `limit` lines, or those before the line
 * `before`. The page's ids come from the (character_id, id) index alone, then their rows: asked
 * for the rows at once, PostgreSQL walked the primary key back from the newest line of any
 * character, which for a character whose lines are old read most of the table (128 ms with 1.4
 * million lines, against 0.4 ms; docs/performance.md, "Reads").
 */
export async function consolePage(db: DbOrTx, characterId: string, limit: number, before?: number): Promise<{ messages: ConsoleMessage[]; hasMore: boolean }> {
  const ids = db
    .select({ id: consoleMessages.id })
    .from(consoleMessages)
    .where(and(eq(consoleMessages.characterId, characterId), before ? lt(consoleMessages.id, before) : undefined))
    .orderBy(desc(consoleMessages.id))
    .limit(limit);
  // `= any(array(...))`: the ids are read once and their rows fetched by the primary key, whatever plan
  // the statement gets (an `in (...)` of the same subquery got a whole-table scan in the generic plan).
  const rows = await db
    .select()
    .from(consoleMessages)
    .where(sql`${consoleMessages.id} = any(array(${ids}))`)
    .orderBy(asc(consoleMessages.id));
  return { messages: rows.map(toMessageView), hasMore: rows.length === limit };
}

/** The rows of consolePage's page, the time already as toMessageView writes it (toISOString: UTC, milliseconds cut, not rounded). */
const pageRows = (before: boolean) =>
  sql`select c.id, c.kind, c.sender, c.content, ${isoTime(sql`c.created_at`)} as "createdAt" from ${consoleMessages} c where c.id = any(array(select i.id from ${consoleMessages} i where i.character_id = ${sql.placeholder('characterId')}${before ? sql` and i.id < ${sql.placeholder('before')}` : sql``} order by i.id desc limit ${sql.placeholder('limit')}))`;

/**
 * The page as its answer's JSON text, built by the database: `row_to_json` writes each line's keys in
 * toMessageView's order and escapes strings as JSON.stringify does, ids are numbers, `hasMore` is
 * consolePage's (a full page). The server parses one text value instead of 200 rows and sends it on.
 */
const pageJson = (before: boolean) =>
  prepared<{ characterId: string; limit: number; before?: number }, Array<{ json: string }>>(before ? 'console_page_json_before' : 'console_page_json', (db) =>
    db
      .select({
        json: sql<string>`(select '{"messages":[' || coalesce(string_agg(row_to_json(m)::text, ',' order by m.id), '') || '],"hasMore":' || (count(*) = ${sql.placeholder('limit')})::text || '}' from (${pageRows(before)}) m)`,
      })
      .from(sql`(select 1) as one`),
  );
const newestPageJson = pageJson(false);
const pageBeforeJson = pageJson(true);

/** consolePage's answer, `{ messages, hasMore }`, as the exact JSON text JSON.stringify makes of it (a test holds the two equal). */
export async function consolePageJson(db: DbOrTx, characterId: string, limit: number, before?: number): Promise<string> {
  const [row] = before ? await pageBeforeJson(db, { characterId, limit, before }) : await newestPageJson(db, { characterId, limit });
  if (!row) throw new Error('the console page read no row');
  return row.json;
}
