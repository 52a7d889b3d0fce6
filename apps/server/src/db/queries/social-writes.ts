import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { claimed, claimRepeated, claimWith, type StatementClaim } from '../idempotency.ts';
import { prepared } from '../prepared.ts';
import { achievementCounters, directMessages, friendships, playerCharacters, users } from '../schema/index.ts';
import {
  countable,
  countableFor,
  countedCte,
  countFields,
  countReadOf,
  countRows,
  countRowsFor,
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
  const claim = claimWith(db, sql`exists (select 1 from pair where ${sendable})`);
  const line = db.$with('line', { id: sql<number>`id` }).as(
    sql`insert into ${directMessages} (sender_id, receiver_id, body, created_at)
      select ${me}, ${other}, ${sql.placeholder('body')}::text, ${sql.placeholder('now')}::timestamptz
      from pair where (select count(*) from peers) >= 0 and ${sendable} and ${claimed}
      returning *`,
  );
  const held = heldCte(db, sql`select 1 from line`);
  const counted = countedCte(db, sql`exists (select 1 from line)`);
  return db
    .with(pair, peers, claim, line, held, counted)
    .select(countFields)
    .from(
      sql`(${countRows}
      union all select ${sql.raw(String(LINE))}, null, null, null, null, to_jsonb(l.*), null from line l
      union all select ${sql.raw(String(STATE))}, null, null, null, null, jsonb_build_object('myName', pair.my_name, 'blocked', pair.blocked,
        'friends', pair.friends, 'countable', pair.countable, 'repeated', ${claimRepeated(sql`(${sendable})`)}), null from pair) as r`,
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

const friendshipId = sql`${sql.placeholder('friendshipId')}::uuid`;

/**
 * A friend request accepted in one statement, without a transaction: the request as read (the
 * rule's facts), the claim, the update rechecking it is still pending and mine, both players'
 * active characters KEY SHARE locked in id order, and both friends counters raised to the
 * friends each holds now (the accepted row is pending in the statement's snapshot: one more), in
 * user-id order: the order of recordFriendAdded's transaction. Both players' counts are the hot
 * ones, or nothing is written.
 */
const friendAccepted = prepared('friend_accepted', (db) => {
  const both = sql`${countableFor(sql`f.requester_id`)} and ${countableFor(me)}`;
  const asked = db.$with('asked', { ok: sql<boolean>`ok` }).as(
    sql`select f.requester_id, f.addressee_id, f.status, ${both} as countable,
        (f.addressee_id = ${me} and f.status = 'pending' and ${both}) as ok
      from ${friendships} f where f.id = ${friendshipId}`,
  );
  const claim = claimWith(db, sql`exists (select 1 from asked where ok)`);
  const answered = db.$with('answered', { requesterId: sql<string>`requester_id` }).as(
    sql`update ${friendships} f set status = 'accepted', updated_at = ${sql.placeholder('now')}::timestamptz
      where f.id = ${friendshipId} and f.addressee_id = ${me} and f.status = 'pending' and exists (select 1 from asked where ok) and ${claimed}
      returning f.requester_id`,
  );
  const pair = db
    .$with('pair', { userId: sql<string>`user_id` })
    .as(sql`select a.requester_id as user_id from answered a union all select ${me} from answered`);
  const held = db
    .$with('held', { id: sql<string>`id` })
    .as(sql`select c.id, c.user_id from ${playerCharacters} c where c.user_id in (select user_id from pair) and c.is_active order by c.id for key share of c`);
  const counted = db.$with('counted', { key: sql<string>`key` }).as(
    sql`insert into ${achievementCounters} (user_id, key, value)
      select p.user_id, ${sql.placeholder('friendsKey')}::text,
        (select count(*) from ${friendships} f where f.status = 'accepted' and (f.requester_id = p.user_id or f.addressee_id = p.user_id)) + 1
      from pair p where (select count(*) from held) >= 0
      order by p.user_id
      on conflict (user_id, key) do update set value = greatest(${achievementCounters}.value, excluded.value)
      returning user_id, key, value`,
  );
  return db
    .with(asked, claim, answered, pair, held, counted)
    .select(countFields)
    .from(
      sql`(${countRowsFor((column) => sql`${column} in (select user_id from pair)`)}
      union all select ${sql.raw(String(STATE))}, null, null, null, null, jsonb_build_object('requesterId', a.requester_id, 'addresseeIsMe', a.addressee_id = ${me},
        'status', a.status, 'countable', a.countable, 'claimed', exists (select 1 from claim), 'repeated', ${claimRepeated(sql`a.ok`)},
        'accepted', exists (select 1 from answered)), null from asked a) as r`,
    );
});

/** What the acceptance's statement answered: the request as read (none without it), and each player's count when it was accepted. */
export interface FriendAccepted {
  state:
    | {
        requesterId: string;
        addresseeIsMe: boolean;
        status: 'pending' | 'accepted' | 'rejected';
        countable: boolean;
        claimed: boolean;
        repeated: boolean;
        accepted: boolean;
      }
    | undefined;
  counts: Map<string, CountRead>;
}

export async function acceptFriendAtOnce(
  db: DbOrTx,
  input: { userId: string; friendshipId: string; now: Date; friendsKey: string },
  count: CountValues,
  claim: StatementClaim,
): Promise<FriendAccepted> {
  const rows = await friendAccepted(db, { ...input, now: input.now.toISOString(), ...count, ...claim.values });
  const state = rows.find((r) => r.kind === STATE)?.doc as FriendAccepted['state'];
  const counts = new Map<string, CountRead>();
  if (state?.accepted) {
    for (const userId of [input.userId, state.requesterId]) counts.set(userId, countReadOf(rows.filter((r) => r.owner === userId)));
  }
  return { state, counts };
}
