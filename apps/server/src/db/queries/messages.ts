import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { directMessages } from '../schema/social.ts';
import { isoTime } from './columns.ts';
import { getPublicUsers, listAcceptedFriends, owner, presenceValues, publicUserJson, type PresenceValues } from './social.ts';

/** Direct messages between two players (spec 03 §9): the pair's conversation, its pages and the list of conversations. */


export type DirectMessageRow = typeof directMessages.$inferSelect;

/**
 * The pair's messages, by the pair index. The pair's ends are ordered by the database, as the index
 * orders them: JavaScript's `<` compares UTF-16 units and a PostgreSQL collation may not (en_US puts
 * 'a' before 'B'), so a pair ordered here could miss its own messages.
 */
const conversationOf = (a: string, b: string) =>
  and(
    eq(sql`least(${directMessages.senderId}, ${directMessages.receiverId})`, sql`least(${a}::text, ${b}::text)`),
    eq(sql`greatest(${directMessages.senderId}, ${directMessages.receiverId})`, sql`greatest(${a}::text, ${b}::text)`),
  );

export async function insertDirectMessage(db: DbOrTx, senderId: string, receiverId: string, body: string, now = new Date()): Promise<DirectMessageRow> {
  const [row] = await db.insert(directMessages).values({ senderId, receiverId, body, createdAt: now }).returning();
  if (!row) throw new Error('direct message not stored');
  return row;
}

/** toDirectMessage of the direct_messages row `m`. */
const directMessageJson = sql`(select row_to_json(d) from (select m.id::text as id, m.sender_id as "senderId", m.receiver_id as "receiverId", m.body, ${isoTime(sql`m.created_at`)} as "createdAt", ${isoTime(sql`m.read_at`)} as "readAt") d)`;

/** A page of the conversation, newest `limit` before `before` (an id), returned oldest first. */
export async function conversationPage(db: DbOrTx, me: string, other: string, before: number | undefined, limit: number): Promise<{ messages: DirectMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(directMessages)
    .where(and(conversationOf(me, other), before === undefined ? undefined : lt(directMessages.id, before)))
    .orderBy(desc(sql`least(${directMessages.senderId}, ${directMessages.receiverId})`), desc(sql`greatest(${directMessages.senderId}, ${directMessages.receiverId})`), desc(directMessages.id))
    .limit(limit + 1);
  return { messages: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

const pageJson = (before: boolean) =>
  prepared<{ meId: string; otherId: string; limit: number; fetch: number; before?: number }, Array<{ json: string | null }>>(before ? 'conversation_page_json_before' : 'conversation_page_json', (db) => {
    // conversationPage's rows: the newest `limit` + 1 of the pair (before `before`), numbered from the newest.
    const [me, other] = [sql`${sql.placeholder('meId')}::text`, sql`${sql.placeholder('otherId')}::text`];
    const pair = sql`least(m.sender_id, m.receiver_id) = least(${me}, ${other}) and greatest(m.sender_id, m.receiver_id) = greatest(${me}, ${other})${before ? sql` and m.id < ${sql.placeholder('before')}` : sql``}`;
    const rows = sql`select m.id, row_number() over (order by m.id desc) as n, ${directMessageJson}::text as dm from "direct_messages" m where ${pair} order by least(m.sender_id, m.receiver_id) desc, greatest(m.sender_id, m.receiver_id) desc, m.id desc limit ${sql.placeholder('fetch')}`;
    const limit = sql.placeholder('limit');
    return db
      .select({
        json: sql<string | null>`(select case when exists (select 1 from "users" o where o.id = ${sql.placeholder('otherId')}) then '{"messages":[' || coalesce(string_agg(p.dm, ',' order by p.id) filter (where p.n <= ${limit}), '') || '],"hasMore":' || (count(*) > ${limit})::text || '}' end from (${rows}) p)`,
      })
      .from(sql`(select 1) as one`);
  });
const newestPageJson = pageJson(false);
const pageBeforeJson = pageJson(true);

/**
 * GET /api/messages/:userId's answer, conversationPage's `{ messages, hasMore }` with toDirectMessage,
 * as the JSON text JSON.stringify makes of it (a test holds the two equal); undefined when `other`
 * is no player. The pair is named as conversationOf names it.
 */
export async function conversationPageJson(db: DbOrTx, me: string, other: string, before: number | undefined, limit: number): Promise<string | undefined> {
  const values = { meId: me, otherId: other, limit, fetch: limit + 1 };
  const [row] = before === undefined ? await newestPageJson(db, values) : await pageBeforeJson(db, { ...values, before });
  return row?.json ?? undefined;
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

/**
 * One entry per friend and per other player with messages either way (a friendship removed or
 * blocked keeps its history readable): the last message either way, the unread count and whether
 * they are a friend now; latest conversation first. The unread counts add up to the badge's.
 */
export async function listConversations(db: DbOrTx, me: string, now = new Date()) {
  const friends = await listAcceptedFriends(db, me, me, now);
  const friendIds = new Set(friends.map((f) => f.id));
  const counterpart = sql<string>`case when ${directMessages.senderId} = ${me} then ${directMessages.receiverId} else ${directMessages.senderId} end`;
  const talked = await db.selectDistinct({ id: counterpart }).from(directMessages).where(or(eq(directMessages.senderId, me), eq(directMessages.receiverId, me)));
  const formerIds = talked.map((t) => t.id).filter((id) => !friendIds.has(id));
  const former = formerIds.length === 0 ? [] : [...(await getPublicUsers(db, me, formerIds, now)).values()];
  const people = [...friends.map((user) => ({ user, friend: true })), ...former.map((user) => ({ user, friend: false }))];
  if (people.length === 0) return [];
  const ids = people.map((p) => p.user.id);
  const last = await db
    .selectDistinctOn([sql`least(${directMessages.senderId}, ${directMessages.receiverId})`, sql`greatest(${directMessages.senderId}, ${directMessages.receiverId})`])
    .from(directMessages)
    .where(or(and(eq(directMessages.senderId, me), inArray(directMessages.receiverId, ids)), and(eq(directMessages.receiverId, me), inArray(directMessages.senderId, ids))))
    .orderBy(sql`least(${directMessages.senderId}, ${directMessages.receiverId})`, sql`greatest(${directMessages.senderId}, ${directMessages.receiverId})`, desc(directMessages.id));
  const unread = await db
    .select({ senderId: directMessages.senderId, n: sql<number>`count(*)::int` })
    .from(directMessages)
    .where(and(eq(directMessages.receiverId, me), isNull(directMessages.readAt), inArray(directMessages.senderId, ids)))
    .groupBy(directMessages.senderId);
  const lastBy = new Map(last.map((m) => [m.senderId === me ? m.receiverId : m.senderId, m]));
  const unreadBy = new Map(unread.map((u) => [u.senderId, Number(u.n)]));
  return people
    .map(({ user, friend }) => ({ user, lastMessage: lastBy.get(user.id) ?? null, unread: unreadBy.get(user.id) ?? 0, friend }))
    .sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0) || a.user.username.localeCompare(b.user.username));
}

/** The players `c` of the owner's conversation list: accepted friends, and everyone else the owner has messages with. */
const conversationPeople = sql`(select case when f.requester_id = ${owner} then f.addressee_id else f.requester_id end as id, true as friend from "friendships" f where f.status = 'accepted' and (f.requester_id = ${owner} or f.addressee_id = ${owner})
  union
  select t.id, false from (select d.receiver_id as id from "direct_messages" d where d.sender_id = ${owner} union select d.sender_id from "direct_messages" d where d.receiver_id = ${owner}) t
  where not exists (select 1 from "friendships" f where f.status = 'accepted' and least(f.requester_id, f.addressee_id) = least(t.id, ${owner}) and greatest(f.requester_id, f.addressee_id) = greatest(t.id, ${owner}))) c`;

const conversationsRead = prepared<PresenceValues & { ownerId: string }, Array<{ lastId: number | null; username: string; json: string }>>('conversations_json', (db) =>
  db
    .select({
      lastId: sql<number | null>`m.id::float8`,
      username: sql<string>`u.username`,
      // listConversations' entry, its user and last message as toPublicUser and toDirectMessage make them.
      json: sql<string>`'{"user":' || ${publicUserJson}::text || ',"lastMessage":' || case when m.id is null then 'null' else ${directMessageJson}::text end || ',"unread":' || (select count(*) from "direct_messages" x where x.receiver_id = ${owner} and x.read_at is null and x.sender_id = u.id) || ',"friend":' || c.friend::text || '}'`,
    })
    .from(
      sql`${conversationPeople} join "users" u on u.id = c.id left join lateral (select * from "direct_messages" m where least(m.sender_id, m.receiver_id) = least(u.id, ${owner}) and greatest(m.sender_id, m.receiver_id) = greatest(u.id, ${owner}) order by least(m.sender_id, m.receiver_id) desc, greatest(m.sender_id, m.receiver_id) desc, m.id desc limit 1) m on true`,
    )
    .orderBy(sql`lower(u.username)`),
);

/**
 * GET /api/messages' answer, listConversations' `{ conversations }`, as the JSON text JSON.stringify
 * makes of it (a test holds the two equal): each entry's text from the database in one statement,
 * put in listConversations' order here (its ties by localeCompare, which SQL has no copy of).
 */
export async function conversationsJson(db: DbOrTx, me: string, now = new Date()): Promise<string> {
  const rows = await conversationsRead(db, { ...presenceValues(me, now), ownerId: me });
  rows.sort((a, b) => (b.lastId ?? 0) - (a.lastId ?? 0) || a.username.localeCompare(b.username));
  let json = '{"conversations":[';
  for (let i = 0; i < rows.length; i++) json += (i === 0 ? '' : ',') + rows[i]!.json;
  return `${json}]}`;
}
