import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { claimCte, claimHolds, claimRepeated, type StatementClaim } from '../idempotency.ts';
import { prepared } from '../prepared.ts';
import { directMessages, friendships, users } from '../schema/index.ts';
import {
  countable,
  countedCte,
  countFields,
  countReadOf,
  countRows,
  countUserId,
  heldCte,
  OWN_ROWS,
  type CountRead,
  type CountValues,
} from './achievement-count.ts';
import type { DirectMessageRow } from './messages.ts';
import { friendshipPair, hasBlocked } from './relations.ts';

/**
 * Issue 45 point 3: the social writes in one statement each, without a transaction: what the
 * rule reads, the write rechecking it in the same snapshot, the idempotency claim and the
 * achievement count (db/queries/achievement-count.ts). Locks in the order of the transaction they
 * replace: the players' rows (KEY SHARE, as the write's foreign keys), then the active character,
 * then the counters.
 */

const LINE = OWN_ROWS;
const STATE = OWN_ROWS + 1;

const me = sql`${countUserId}::text`;
const other = sql`${sql.placeholder('otherId')}::text`;

/** The direct message's rule state of the pair, as one row `pair`: may `me` write to `other`, and why not. */
const pairRow = sql`select (select u.username from ${users} u where u.id = ${me}) as my_name,
    (${hasBlocked(me, other)} or ${hasBlocked(other, me)}) as blocked,
    exists (select 1 from ${friendships} where ${friendshipPair(me, other)} and ${friendships.status} = 'accepted') as friends,
    ${countable} as countable`;

const sendable = sql`${me} <> ${other} and not pair.blocked and pair.friends and pair.countable`;

const messageSent = prepared('direct_message_sent', (db) => {
  const pair = db.$with('pair', { blocked: sql<boolean>`blocked` }).as(pairRow);
  const peers = db.$with('peers', { id: sql<string>`id` }).as(sql`select u.id from ${users} u where u.id in (${me}, ${other}) order by u.id for key share`);
  const claim = claimCte(db, sql`exists (select 1 from pair where ${sendable})`);
  const line = db.$with('line', { id: sql<number>`id` }).as(
    sql`insert into ${directMessages} (sender_id, receiver_id, body, created_at)
      select ${me}, ${other}, ${sql.placeholder('body')}::text, ${sql.placeholder('now')}::timestamptz
      from pair where (select count(*) from peers) >= 0 and ${sendable} and ${claimHolds}
      returning *`,
  );
  const held = heldCte(db, sql`select 1 from line`);
  const counted = countedCte(db, sql`exists (select 1 from line)`);
  return db
    .with(pair, peers, claim, line, held, counted)
    .select(countFields)
    .from(
      sql`(${countRows}
      union all select ${sql.raw(String(LINE))}, null, null, null, null, to_jsonb(l.*) from line l
      union all select ${sql.raw(String(STATE))}, null, null, null, null, jsonb_build_object('myName', pair.my_name, 'blocked', pair.blocked,
        'friends', pair.friends, 'countable', pair.countable, 'repeated', ${claimRepeated(sql`(${sendable})`)}) from pair) as r`,
    );
});

/** What the direct message's statement answered: the stored message (none when it wrote nothing), the pair's state, the count. */
export interface MessageSent {
  row: DirectMessageRow | undefined;
  state: { myName: string | null; blocked: boolean; friends: boolean; countable: boolean; repeated: boolean };
  count: CountRead;
}

type JsonMessage = { id: number; sender_id: string; receiver_id: string; body: string; created_at: string; read_at: string | null };

/** The direct message `me` writes to `other` with its achievement count, when the pair may write and the count is the hot one. */
export async function sendMessageAtOnce(
  db: DbOrTx,
  input: { userId: string; otherId: string; body: string; now: Date },
  count: CountValues,
  claim: StatementClaim,
): Promise<MessageSent> {
  const rows = await messageSent(db, { ...input, now: input.now.toISOString(), ...count, ...claim.values });
  const line = rows.find((r) => r.kind === LINE)?.doc as JsonMessage | undefined;
  const state = rows.find((r) => r.kind === STATE)!.doc as MessageSent['state'];
  const row = line && {
    id: Number(line.id),
    senderId: line.sender_id,
    receiverId: line.receiver_id,
    body: line.body,
    createdAt: new Date(line.created_at),
    readAt: line.read_at ? new Date(line.read_at) : null,
  };
  return { row, state, count: countReadOf(rows) };
}
