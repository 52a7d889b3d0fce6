import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { directMessages, friendships, users } from '../schema/index.ts';
import { viewerParam as viewer } from './columns.ts';
import { friendshipOf, friendshipPair, otherPlayerOf } from './relations.ts';
import { playerColumns, type PlayerRow } from './social.ts';

/** Direct messages between two players (spec 03 §9): the pair's conversation, its pages and the list of conversations. */

export type DirectMessageRow = typeof directMessages.$inferSelect;

export async function insertDirectMessage(db: DbOrTx, senderId: string, receiverId: string, body: string, now = new Date()): Promise<DirectMessageRow> {
  const [row] = await db.insert(directMessages).values({ senderId, receiverId, body, createdAt: now }).returning();
  if (!row) throw new Error('direct message not stored');
  return row;
}

/** A direct_messages row `m` of a statement, as typed columns (null when a left join found none). */
const messageColumns = {
  id: sql<number>`m.id`.mapWith(directMessages.id),
  senderId: sql<string>`m.sender_id`,
  receiverId: sql<string>`m.receiver_id`,
  body: sql<string>`m.body`,
  createdAt: sql<Date>`m.created_at`.mapWith(directMessages.createdAt),
  readAt: sql<Date | null>`m.read_at`.mapWith(directMessages.readAt),
};

/**
 * The pair's messages newest first, by the pair index. The pair's ends are ordered by the database,
 * as the index orders them: JavaScript's `<` compares UTF-16 units and a PostgreSQL collation may
 * not (en_US puts 'a' before 'B'), so a pair ordered here could miss its own messages.
 */
const pairMessages = (before: boolean) => {
  const [me, other] = [sql`${sql.placeholder('meId')}::text`, sql`${sql.placeholder('otherId')}::text`];
  return sql`(select * from "direct_messages" m where least(m.sender_id, m.receiver_id) = least(${me}, ${other})
    and greatest(m.sender_id, m.receiver_id) = greatest(${me}, ${other})${before ? sql` and m.id < ${sql.placeholder('before')}` : sql``}
    order by least(m.sender_id, m.receiver_id) desc, greatest(m.sender_id, m.receiver_id) desc, m.id desc limit ${sql.placeholder('fetch')}) m`;
};

const otherPlayer = alias(users, 'o');
const page = (before: boolean) =>
  prepared(before ? 'conversation_page_before' : 'conversation_page', (db) =>
    db
      .select({ otherId: otherPlayer.id, message: messageColumns })
      .from(otherPlayer)
      .leftJoin(pairMessages(before), sql`true`)
      .where(eq(otherPlayer.id, sql.placeholder('otherId')))
      .orderBy(desc(sql`m.id`)),
  );
const newestPage = page(false);
const pageBefore = page(true);

/**
 * A page of the conversation in one statement: the newest `limit` before `before` (an id), oldest
 * first, and whether older ones remain; undefined when `other` is no player.
 */
export async function readConversationPage(
  db: DbOrTx,
  me: string,
  other: string,
  before: number | undefined,
  limit: number,
): Promise<{ messages: DirectMessageRow[]; hasMore: boolean } | undefined> {
  const values = { meId: me, otherId: other, fetch: limit + 1 };
  const rows = before === undefined ? await newestPage(db, values) : await pageBefore(db, { ...values, before });
  if (rows.length === 0) return undefined;
  const messages = rows.flatMap((r) => (r.message.id === null ? [] : [r.message as DirectMessageRow]));
  return { messages: messages.slice(0, limit).reverse(), hasMore: messages.length > limit };
}

/** Marks what `other` sent to `me` as read; how many. */
export async function markConversationRead(db: DbOrTx, me: string, other: string, now = new Date()): Promise<number> {
  const marked = await db
    .update(directMessages)
    .set({ readAt: now })
    .where(and(eq(directMessages.receiverId, me), eq(directMessages.senderId, other), isNull(directMessages.readAt)))
    .returning({ id: directMessages.id });
  return marked.length;
}

/** The players `c` of the viewer's conversation list: accepted friends, and everyone else the viewer has messages with. */
const f = alias(friendships, 'f');
const conversationPeople = sql`(select ${otherPlayerOf(viewer, f)} as id, true as friend from "friendships" f where f.status = 'accepted' and ${friendshipOf(viewer, f)}
  union
  select t.id, false from (select d.receiver_id as id from "direct_messages" d where d.sender_id = ${viewer} union select d.sender_id from "direct_messages" d where d.receiver_id = ${viewer}) t
  where not exists (select 1 from "friendships" f where f.status = 'accepted' and ${friendshipPair(sql`t.id`, viewer, f)})) c`;

/** The last message of the viewer and the users row, either way (by the pair index). */
const lastMessage = sql`lateral (select * from "direct_messages" m where least(m.sender_id, m.receiver_id) = least("users"."id", ${viewer})
  and greatest(m.sender_id, m.receiver_id) = greatest("users"."id", ${viewer})
  order by least(m.sender_id, m.receiver_id) desc, greatest(m.sender_id, m.receiver_id) desc, m.id desc limit 1) m`;

const conversationsRead = prepared('conversations', (db) =>
  db
    .select({
      user: playerColumns(viewer),
      friend: sql<boolean>`c.friend`,
      unread: sql<number>`(select count(*)::int from "direct_messages" x where x.receiver_id = ${viewer} and x.read_at is null and x.sender_id = "users"."id")`,
      lastMessage: messageColumns,
    })
    .from(users)
    .innerJoin(conversationPeople, sql`"users"."id" = c.id`)
    .leftJoin(lastMessage, sql`true`),
);

export interface ConversationRow {
  user: PlayerRow;
  friend: boolean;
  unread: number;
  lastMessage: DirectMessageRow | null;
}

/**
 * One entry per friend and per other player with messages either way (a friendship removed or
 * blocked keeps its history readable): the last message either way, the unread count and whether
 * they are a friend now, in one statement; unordered (the view orders them). The unread counts add
 * up to the badge's.
 */
export async function readConversations(db: DbOrTx, me: string): Promise<ConversationRow[]> {
  const rows = await conversationsRead(db, { viewerId: me });
  return rows.map((r) => ({
    user: r.user as PlayerRow,
    friend: r.friend,
    unread: r.unread,
    lastMessage: r.lastMessage.id === null ? null : (r.lastMessage as DirectMessageRow),
  }));
}
