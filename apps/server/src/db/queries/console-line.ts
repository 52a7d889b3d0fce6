import type { ConsoleMessage } from '@rpg/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { claimed, claimRepeated, claimWith, type StatementClaim } from '../idempotency.ts';
import { prepared } from '../prepared.ts';
import { consoleMessages, playerCharacters } from '../schema/index.ts';
import { toMessageView, type ConsoleLine } from './console.ts';

const characterId = sql`${sql.placeholder('characterId')}::uuid`;
const owned = sql`exists (select 1 from held)`;

/**
 * A plain console line's write in one statement, without a transaction (issue 45 point 3): the
 * character held (KEY SHARE, the lock its lines' foreign key takes) while it is the player's, the
 * idempotency claim, and the lines in order. No row when the character is gone or not the
 * player's, or the request was made already (`repeated`).
 */
const plainLinesWritten = prepared('console_plain_lines', (db) => {
  const held = db
    .$with('held', { id: sql<string>`id` })
    .as(sql`select c.id from ${playerCharacters} c where c.id = ${characterId} and c.user_id = ${sql.placeholder('userId')}::text for key share`);
  const claim = claimWith(db, owned);
  const lines = db.$with('lines', { id: sql<number>`id` }).as(
    sql`insert into ${consoleMessages} (character_id, kind, sender, content)
      select h.id, l.kind, l.sender, l.content
      from held h, unnest(${sql.placeholder('kinds')}::text[], ${sql.placeholder('senders')}::text[], ${sql.placeholder('contents')}::text[])
        with ordinality as l(kind, sender, content, ord)
      where ${claimed}
      order by l.ord
      returning id, kind, sender, content, created_at`,
  );
  return db
    .with(held, claim, lines)
    .select({
      id: sql<number | null>`r.id`,
      kind: sql<string | null>`r.kind`,
      sender: sql<string | null>`r.sender`,
      content: sql<string | null>`r.content`,
      createdAt: sql<Date | null>`r.created_at`.mapWith(consoleMessages.createdAt),
      repeated: sql<boolean | null>`r.repeated`,
    })
    .from(
      sql`(select l.id, l.kind, l.sender, l.content, l.created_at, null::boolean as repeated from lines l
        union all select null, null, null, null, null, ${claimRepeated(owned)}) as r`,
    );
});

/** The stored lines in order (none when nothing was written) and whether the request was made already. */
export async function writePlainLines(
  db: DbOrTx,
  userId: string,
  character: string,
  lines: readonly ConsoleLine[],
  claim: StatementClaim,
): Promise<{ messages: ConsoleMessage[]; repeated: boolean }> {
  const rows = await plainLinesWritten(db, {
    userId,
    characterId: character,
    kinds: lines.map((l) => l.kind),
    senders: lines.map((l) => l.sender ?? 'System'),
    contents: lines.map((l) => l.content),
    ...claim.values,
  });
  const stored = rows.filter((r) => r.id !== null);
  const messages = stored
    .map((r) => ({ id: Number(r.id), kind: r.kind!, sender: r.sender!, content: r.content!, createdAt: r.createdAt! }))
    .sort((a, b) => a.id - b.id)
    .map((m) => toMessageView(m as Parameters<typeof toMessageView>[0]));
  return { messages, repeated: rows.some((r) => r.repeated === true) };
}
