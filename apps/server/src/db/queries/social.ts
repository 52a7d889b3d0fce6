import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { achievementProgress } from '../schema/achievements.ts';
import { playerCharacters } from '../schema/characters.ts';
import { posts } from '../schema/community.ts';
import { blocks, directMessages, friendships } from '../schema/social.ts';
import { users } from '../schema/users.ts';
import { isoTime, likeEscape, viewerParam as viewer } from './columns.ts';

/** Spec 03 §9 "Online window: 10 minutes" since the last sign-in, when no tab has reported since. */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;
/** A player whose last tab closed stays online this long (a reload does not flicker). */
export const PRESENCE_GRACE_MS = 45 * 1000;
/** A connection row counts while it pinged within this window (the hub's sweep refreshes it every 30 s). */
const LIVE_CONNECTION_MS = 90 * 1000;

export type Relation = 'self' | 'none' | 'friends' | 'outgoing' | 'incoming' | 'blocked' | 'blocked-by';

export interface PublicUserRow {
  id: string;
  username: string;
  avatarUrl: string | null;
  isOnline: boolean;
  lastSeen: Date | null;
}

const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/** The users row of the outer query, always qualified (drizzle leaves single-table columns bare, which a subquery would rebind). */
const U = { id: sql.raw('"users"."id"'), lastSeen: sql.raw('"users"."last_seen"'), lastLogin: sql.raw('"users"."last_login"') };

/** Either player blocked the other (presence is hidden both ways; requests and messages refused). */
const blockedBetween = (viewerId: string) =>
  sql`exists (select 1 from "blocks" b where (b.blocker_id = ${U.id} and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = ${U.id}))`;

/**
 * Online (spec 03 §4, DECISIONS §1): a live socket on any process, or a tab closed within the
 * grace period, or else a sign-in in the last 10 minutes with no tab reporting since. Hidden
 * (offline, never seen) between blocked players.
 */
function presenceColumns(viewerId: string, now: Date) {
  const { live, grace, window } = presenceSince(now);
  const hidden = blockedBetween(viewerId);
  return {
    // coalesce: a player never seen (no last_seen) makes the `or` null, and the contract's isOnline is a boolean.
    isOnline: sql<boolean>`coalesce(not ${hidden} and (
      exists (select 1 from "realtime_connections" rc where rc.user_id = ${U.id} and rc.last_ping > ${live}::timestamptz)
      or ${U.lastSeen} > ${grace}::timestamptz
      or (${U.lastLogin} > ${window}::timestamptz and (${U.lastSeen} is null or ${U.lastSeen} <= ${U.lastLogin}))), false)`.mapWith(Boolean),
    lastSeen: sql`case when ${hidden} then null else greatest(${U.lastSeen}, ${U.lastLogin}) end`.mapWith(toDate),
  };
}

/** The moments presence is measured from at `now` (a live socket's ping, a closed tab, a sign-in). */
export function presenceSince(now: Date): { live: string; grace: string; window: string } {
  return {
    live: new Date(now.getTime() - LIVE_CONNECTION_MS).toISOString(),
    grace: new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString(),
    window: new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString(),
  };
}

export function publicUserColumns(viewerId: string, now = new Date()) {
  return { id: users.id, username: users.username, avatarUrl: users.avatarUrl, ...presenceColumns(viewerId, now) };
}

// The same player as JSON built by the database, for the reads that send the database's text
// (docs/performance.md, "Reads"): prepared, on the users row `u`, the viewer and presenceSince's
// moments as placeholders.

/** The values of publicUserJson's placeholders. */
export type PresenceValues = { viewerId: string } & ReturnType<typeof presenceSince>;
export const presenceValues = (viewerId: string, now: Date): PresenceValues => ({ viewerId, ...presenceSince(now) });

/** The player whose friends or conversations are read. */
export const owner = sql.placeholder('ownerId');
const hiddenFromViewer = sql`exists (select 1 from "blocks" b where (b.blocker_id = u.id and b.blocked_id = ${viewer}) or (b.blocker_id = ${viewer} and b.blocked_id = u.id))`;

/**
 * toPublicUser of publicUserColumns' row for `u`: row_to_json writes the keys in toPublicUser's order
 * and escapes strings as JSON.stringify does; isOnline false for a player never seen, as presenceColumns.
 */
const publicUserFields = sql`u.id, u.username, u.avatar_url as "avatarUrl", coalesce(not ${hiddenFromViewer} and (
      exists (select 1 from "realtime_connections" rc where rc.user_id = u.id and rc.last_ping > ${sql.placeholder('live')}::timestamptz)
      or u.last_seen > ${sql.placeholder('grace')}::timestamptz
      or (u.last_login > ${sql.placeholder('window')}::timestamptz and (u.last_seen is null or u.last_seen <= u.last_login))), false) as "isOnline",
    case when ${hiddenFromViewer} then null else ${isoTime(sql`greatest(u.last_seen, u.last_login)`)} end as "lastSeen"`;
export const publicUserJson = sql`(select row_to_json(p) from (select ${publicUserFields}) p)`;

/**
 * relationsFor's relation of the viewer to the users row `u`, as the JSON text of relationSchema:
 * self; the viewer's block, then the other's; the pair's pending or accepted row; else none.
 */
const relationJson = sql`case when u.id = ${viewer} then '{"status":"self","friendshipId":null}'
    when exists (select 1 from "blocks" b where b.blocker_id = ${viewer} and b.blocked_id = u.id) then '{"status":"blocked","friendshipId":null}'
    when exists (select 1 from "blocks" b where b.blocker_id = u.id and b.blocked_id = ${viewer}) then '{"status":"blocked-by","friendshipId":null}'
    else coalesce((select '{"status":' || case when f.status = 'accepted' then '"friends"' when f.requester_id = ${viewer} then '"outgoing"' else '"incoming"' end || ',"friendshipId":' || to_json(f.id::text)::text || '}' from "friendships" f where f.status <> 'rejected' and ((f.requester_id = ${viewer} and f.addressee_id = u.id) or (f.addressee_id = ${viewer} and f.requester_id = u.id))), '{"status":"none","friendshipId":null}') end`;

export async function getPublicUsers(db: DbOrTx, viewerId: string, ids: readonly string[], now = new Date()): Promise<Map<string, PublicUserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(publicUserColumns(viewerId, now))
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r as PublicUserRow]));
}

/** One player's profile row as the viewer sees it (the e-mail only when it is the viewer's own). */
export async function getProfileRow(db: DbOrTx, viewerId: string, userId: string, now = new Date()) {
  const [row] = await db
    .select({
      ...publicUserColumns(viewerId, now),
      bannerUrl: users.bannerUrl,
      email: users.email,
      // The battle-pass title (spec 03 §4 rewards), shown beside the name.
      title: sql<string | null>`(select ${achievementProgress.title} from ${achievementProgress} where ${achievementProgress.userId} = ${U.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return { ...row, email: userId === viewerId ? row.email : null } as PublicUserRow & { bannerUrl: string | null; email: string | null; title: string | null };
}

const profileRead = prepared<PresenceValues & { ownerId: string }, Array<{ json: string }>>('profile_json', (db) =>
  db
    .select({
      // loadProfile's view: getProfileRow's player (toPublicUser's keys, then the banner and the title), the e-mail only on the viewer's own, profileCounts, relationOf.
      json: sql<string>`'{"user":' || (select row_to_json(p) from (select ${publicUserFields}, u.banner_url as "bannerUrl", (select a.title from "achievement_progress" a where a.user_id = u.id) as title) p)::text
        || ',"email":' || case when u.id = ${viewer} then coalesce(to_json(u.email)::text, 'null') else 'null' end
        || ',"counts":{"posts":' || (select count(*) from "posts" x where x.author_id = u.id)
        || ',"friends":' || (select count(*) from "friendships" f where f.status = 'accepted' and (f.requester_id = u.id or f.addressee_id = u.id))
        || ',"characters":' || (select count(*) from "player_characters" c where c.user_id = u.id)
        || '},"relation":' || ${relationJson} || '}'`,
    })
    .from(sql`"users" u`)
    .where(sql`u.id = ${owner}`),
);

/**
 * GET /api/profiles/:userId's answer, loadProfile's view, as the JSON text JSON.stringify makes of it
 * (a test holds the two equal); undefined when the owner is no player.
 */
export async function profileJson(db: DbOrTx, viewerId: string, ownerId: string, now = new Date()): Promise<string | undefined> {
  const [row] = await profileRead(db, { ...presenceValues(viewerId, now), ownerId });
  return row?.json;
}

/** Spec 03 §2 "Counters Posts, Friends and Characters", from the rows. */
export async function profileCounts(db: DbOrTx, userId: string): Promise<{ posts: number; friends: number; characters: number }> {
  const [row] = await db
    .select({
      posts: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${userId})`,
      friends: sql<number>`(select count(*)::int from ${friendships} where ${friendships.status} = 'accepted' and (${friendships.requesterId} = ${userId} or ${friendships.addresseeId} = ${userId}))`,
      characters: sql<number>`(select count(*)::int from ${playerCharacters} where ${playerCharacters.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return { posts: Number(row?.posts ?? 0), friends: Number(row?.friends ?? 0), characters: Number(row?.characters ?? 0) };
}

/** The viewer's relation to each of `ids` (self, none, friends, outgoing, incoming, blocked, blocked-by). */
export async function relationsFor(db: DbOrTx, viewerId: string, ids: readonly string[]): Promise<Map<string, { status: Relation; friendshipId: string | null }>> {
  const result = new Map<string, { status: Relation; friendshipId: string | null }>();
  const others = [...new Set(ids)].filter((id) => id !== viewerId);
  for (const id of ids) result.set(id, { status: id === viewerId ? 'self' : 'none', friendshipId: null });
  if (others.length === 0) return result;
  const rows = await db
    .select()
    .from(friendships)
    .where(
      and(
        ne(friendships.status, 'rejected'),
        or(and(eq(friendships.requesterId, viewerId), inArray(friendships.addresseeId, others)), and(eq(friendships.addresseeId, viewerId), inArray(friendships.requesterId, others))),
      ),
    );
  for (const row of rows) {
    const other = row.requesterId === viewerId ? row.addresseeId : row.requesterId;
    const status: Relation = row.status === 'accepted' ? 'friends' : row.requesterId === viewerId ? 'outgoing' : 'incoming';
    result.set(other, { status, friendshipId: row.id });
  }
  const blockRows = await db
    .select()
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, others)), and(eq(blocks.blockedId, viewerId), inArray(blocks.blockerId, others))));
  for (const row of blockRows) {
    if (row.blockerId === viewerId) result.set(row.blockedId, { status: 'blocked', friendshipId: null });
    else if (result.get(row.blockerId)?.status !== 'blocked') result.set(row.blockerId, { status: 'blocked-by', friendshipId: null });
  }
  return result;
}

/** The viewer's pending and accepted rows with the other player, newest first. */
export async function listFriendRows(db: DbOrTx, viewerId: string, now = new Date()) {
  const other = sql<string>`case when ${friendships.requesterId} = ${viewerId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  return db
    .select({
      friendshipId: friendships.id,
      status: friendships.status,
      requesterId: friendships.requesterId,
      updatedAt: friendships.updatedAt,
      user: publicUserColumns(viewerId, now),
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, other))
    .where(and(ne(friendships.status, 'rejected'), or(eq(friendships.requesterId, viewerId), eq(friendships.addresseeId, viewerId))))
    .orderBy(desc(friendships.updatedAt));
}

const friendRowsRead = prepared<PresenceValues, Array<{ json: string }>>('friend_rows_json', (db) =>
  db
    .select({
      // listFriendRows' rows as GET /api/friends' entries: the status and direction as the route names them, `since` as toISOString writes it.
      json: sql<string>`(select '{"entries":[' || coalesce(string_agg(e.json, ',' order by e.at desc), '') || ']}' from (select f.updated_at as at, '{"friendshipId":' || to_json(f.id::text)::text || ',"status":' || case when f.status = 'accepted' then '"accepted"' else '"pending"' end || ',"direction":' || case when f.requester_id = ${viewer} then '"outgoing"' else '"incoming"' end || ',"user":' || ${publicUserJson}::text || ',"since":' || to_json(${isoTime(sql`f.updated_at`)})::text || '}' as json from "friendships" f join "users" u on u.id = case when f.requester_id = ${viewer} then f.addressee_id else f.requester_id end where f.status <> 'rejected' and (f.requester_id = ${viewer} or f.addressee_id = ${viewer})) e)`,
    })
    .from(sql`(select 1) as one`),
);

/** GET /api/friends' answer, `{ entries }` of listFriendRows, as the JSON text JSON.stringify makes of it (a test holds the two equal). */
export async function friendRowsJson(db: DbOrTx, viewerId: string, now = new Date()): Promise<string> {
  const [row] = await friendRowsRead(db, presenceValues(viewerId, now));
  if (!row) throw new Error('the friends read no row');
  return row.json;
}

/** Another player's accepted friends, as the viewer sees them. */
export async function listAcceptedFriends(db: DbOrTx, viewerId: string, ownerId: string, now = new Date()): Promise<PublicUserRow[]> {
  const other = sql<string>`case when ${friendships.requesterId} = ${ownerId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const rows = await db
    .select(publicUserColumns(viewerId, now))
    .from(friendships)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.requesterId, ownerId), eq(friendships.addresseeId, ownerId))))
    .orderBy(asc(sql`lower(${users.username})`));
  return rows as PublicUserRow[];
}

/** The users rows `u` of the owner placeholder's accepted friends (listAcceptedFriends' join). */
const friendsOfOwner = sql`"friendships" f join "users" u on u.id = case when f.requester_id = ${owner} then f.addressee_id else f.requester_id end where f.status = 'accepted' and (f.requester_id = ${owner} or f.addressee_id = ${owner})`;

const publicFriendsRead = prepared<PresenceValues & { ownerId: string }, Array<{ json: string | null }>>('public_friends_json', (db) =>
  db
    .select({
      json: sql<string | null>`case when exists (select 1 from "users" o where o.id = ${owner}) then '{"friends":[' || coalesce((select string_agg(${publicUserJson}::text, ',' order by lower(u.username)) from ${friendsOfOwner}), '') || ']}' end`,
    })
    .from(sql`(select 1) as one`),
);

/**
 * GET /api/profiles/:userId/friends' answer, `{ friends }` of listAcceptedFriends, as the JSON text
 * JSON.stringify makes of it (a test holds the two equal); undefined when the owner is no player.
 */
export async function publicFriendsJson(db: DbOrTx, viewerId: string, ownerId: string, now = new Date()): Promise<string | undefined> {
  const [row] = await publicFriendsRead(db, { ...presenceValues(viewerId, now), ownerId });
  return row?.json ?? undefined;
}

const likePattern = (term: string) => `%${likeEscape(term)}%`;

/**
 * A contains-match on usernames (case-insensitive), never on e-mail addresses (issue 25: an exact
 * e-mail match, DECISIONS §4, mapped an address to a player; docs/decisions.md); never the viewer,
 * never a player who blocked the viewer; exact names first; `limit` at most.
 */
export async function searchUsers(db: DbOrTx, viewerId: string, term: string, limit: number, now = new Date()): Promise<PublicUserRow[]> {
  const blockedMe = sql`exists (select 1 from "blocks" b where b.blocker_id = ${U.id} and b.blocked_id = ${viewerId})`;
  const rows = await db
    .select(publicUserColumns(viewerId, now))
    .from(users)
    .where(and(ne(users.id, viewerId), ilike(users.username, likePattern(term)), sql`not ${blockedMe}`))
    .orderBy(sql`lower(${users.username}) = ${term.toLowerCase()} desc`, asc(sql`length(${users.username})`), asc(sql`lower(${users.username})`))
    .limit(limit);
  return rows as PublicUserRow[];
}

const searchRead = prepared<PresenceValues & { pattern: string; lowered: string; limit: number }, Array<{ json: string }>>('user_search_json', (db) => {
  const lowered = sql.placeholder('lowered');
  // searchUsers' conditions and order on the users row `u`, each found player with relationsFor's relation.
  const found = sql`select ${publicUserJson}::text as "user", ${relationJson} as relation, lower(u.username) = ${lowered} as exact, length(u.username) as length, lower(u.username) as name from "users" u where u.id <> ${viewer} and u.username ilike ${sql.placeholder('pattern')} and not exists (select 1 from "blocks" b where b.blocker_id = u.id and b.blocked_id = ${viewer}) order by exact desc, length, name limit ${sql.placeholder('limit')}`;
  return db
    .select({
      json: sql<string>`(select '{"users":[' || coalesce(string_agg('{"user":' || s.user || ',"relation":' || s.relation || '}', ',' order by s.exact desc, s.length, s.name), '') || ']}' from (${found}) s)`,
    })
    .from(sql`(select 1) as one`);
});

/**
 * GET /api/users/search's answer for a non-empty term: searchUsers' players, each with relationsFor's
 * relation, as `{ users }` of toPublicUser and the relation, the JSON text JSON.stringify makes of it
 * (a test holds the two equal). The pattern and the lowered term are made here, as searchUsers makes them.
 */
export async function searchUsersJson(db: DbOrTx, viewerId: string, term: string, limit: number, now = new Date()): Promise<string> {
  const [row] = await searchRead(db, { ...presenceValues(viewerId, now), pattern: likePattern(term), lowered: term.toLowerCase(), limit });
  if (!row) throw new Error('the search read no row');
  return row.json;
}

/**
 * Friend suggestions: friends of friends (most mutual friends first), then the most recently
 * active players; never the viewer, anyone with a pending or accepted row with the viewer, or a
 * player blocked either way.
 */
export async function suggestFriends(db: DbOrTx, viewerId: string, limit: number, now = new Date()): Promise<Array<{ user: PublicUserRow; mutualFriends: number }>> {
  const myFriends = sql`(select case when f.requester_id = ${viewerId} then f.addressee_id else f.requester_id end from "friendships" f where f.status = 'accepted' and (f.requester_id = ${viewerId} or f.addressee_id = ${viewerId}))`;
  const related = sql`exists (select 1 from "friendships" r where r.status <> 'rejected' and ((r.requester_id = ${viewerId} and r.addressee_id = ${U.id}) or (r.addressee_id = ${viewerId} and r.requester_id = ${U.id})))`;
  const mutual = sql<number>`(select count(*)::int from "friendships" m where m.status = 'accepted' and ((m.requester_id = ${U.id} and m.addressee_id in ${myFriends}) or (m.addressee_id = ${U.id} and m.requester_id in ${myFriends})))`;
  const rows = await db
    .select({ user: publicUserColumns(viewerId, now), mutualFriends: mutual })
    .from(users)
    .where(and(ne(users.id, viewerId), sql`not ${related}`, sql`not ${blockedBetween(viewerId)}`))
    .orderBy(desc(mutual), sql`greatest(${U.lastSeen}, ${U.lastLogin}) desc nulls last`, asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ user: r.user as PublicUserRow, mutualFriends: Number(r.mutualFriends) }));
}

/**
 * suggestFriends as one statement over a candidate set instead of every player: the friends of the
 * viewer's friends (the only players with mutual friends) and the first `limit` players by last seen
 * who pass the filters, read along users_seen_idx. Every player outside both sets has no mutual
 * friend and is seen later than `limit` players who do pass, so it could not make the list: the
 * answer is suggestFriends' (a test holds them equal). With 100,000 players the scan of every
 * player and its mutual count took 0.9-1.1 s a read on PostgreSQL; now 0.25 ms (docs/performance.md).
 */
const suggestionsRead = prepared<PresenceValues & { limit: number }, Array<{ json: string }>>('friend_suggestions_json', (db) => {
  // suggestFriends' conditions and order on the users row `u`.
  const myFriends = sql`(select case when f.requester_id = ${viewer} then f.addressee_id else f.requester_id end from "friendships" f where f.status = 'accepted' and (f.requester_id = ${viewer} or f.addressee_id = ${viewer}))`;
  const related = sql`exists (select 1 from "friendships" r where r.status <> 'rejected' and ((r.requester_id = ${viewer} and r.addressee_id = u.id) or (r.addressee_id = ${viewer} and r.requester_id = u.id)))`;
  const mutual = sql`(select count(*)::int from "friendships" m where m.status = 'accepted' and ((m.requester_id = u.id and m.addressee_id in ${myFriends}) or (m.addressee_id = u.id and m.requester_id in ${myFriends})))`;
  const passes = sql`u.id <> ${viewer} and not ${related} and not ${hiddenFromViewer}`;
  const friendsOfFriends = sql`select m.addressee_id as id from "friendships" m where m.status = 'accepted' and m.requester_id in ${myFriends}
    union select m.requester_id from "friendships" m where m.status = 'accepted' and m.addressee_id in ${myFriends}`;
  const recentlySeen = sql`select u.id from "users" u where ${passes} order by greatest(u.last_seen, u.last_login) desc nulls last, u.id limit ${sql.placeholder('limit')}`;
  return db
    .select({
      json: sql<string>`(select '{"suggestions":[' || coalesce(string_agg('{"user":' || s.u || ',"mutualFriends":' || s.mutual || '}', ',' order by s.mutual desc, s.seen desc nulls last, s.id), '') || ']}' from (select u.id, ${publicUserJson}::text as u, ${mutual} as mutual, greatest(u.last_seen, u.last_login) as seen from "users" u where u.id in (${friendsOfFriends} union (${recentlySeen})) and ${passes} order by mutual desc, seen desc nulls last, u.id limit ${sql.placeholder('limit')}) s)`,
    })
    .from(sql`(select 1) as one`);
});

/** GET /api/friends/suggestions' answer, suggestFriends' `{ suggestions }`, as the JSON text JSON.stringify makes of it (a test holds the two equal). */
export async function suggestionsJson(db: DbOrTx, viewerId: string, limit: number, now = new Date()): Promise<string> {
  const [row] = await suggestionsRead(db, { ...presenceValues(viewerId, now), limit });
  if (!row) throw new Error('the suggestions read no row');
  return row.json;
}

/** The badges: incoming pending requests and unread direct messages. */
export async function socialSummary(db: DbOrTx, userId: string): Promise<{ incomingRequests: number; unreadMessages: number }> {
  const [row] = await db
    .select({
      incoming: sql<number>`(select count(*)::int from ${friendships} where ${friendships.addresseeId} = ${userId} and ${friendships.status} = 'pending')`,
      unread: sql<number>`(select count(*)::int from ${directMessages} where ${directMessages.receiverId} = ${userId} and ${directMessages.readAt} is null)`,
    })
    .from(sql`(select 1) as one`);
  return { incomingRequests: Number(row?.incoming ?? 0), unreadMessages: Number(row?.unread ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Profile

export async function getUsernameForUpdate(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).for('update');
  return row?.username;
}

/** True when another player holds this name, case-insensitively. */
export async function usernameTakenByOther(db: DbOrTx, userId: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), ne(users.id, userId)));
  return row !== undefined;
}

export async function setUsername(db: DbOrTx, userId: string, username: string, now = new Date()): Promise<void> {
  await db.update(users).set({ username, updatedAt: now }).where(eq(users.id, userId));
}

export type ProfileImage = 'avatarUrl' | 'bannerUrl';

/** Sets or clears the avatar or banner (a path under uploads/); answers the previous one. */
export async function setProfileImage(db: DbOrTx, userId: string, column: ProfileImage, value: string | null, now = new Date()): Promise<string | null> {
  const [row] = await db.select({ previous: users[column] }).from(users).where(eq(users.id, userId)).for('update');
  await db
    .update(users)
    .set({ [column]: value, updatedAt: now })
    .where(eq(users.id, userId));
  return row?.previous ?? null;
}

/** The postgres unique-violation of the username index (a concurrent rename or sign-up won). */
export function isUsernameClash(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'users_username_lower_uq' || message?.includes('users_username_lower_uq'))) return true;
  }
  return false;
}

/** How many accepted friends the player has (achievements count the most held at once). */
export async function acceptedFriendCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(friendships)
    .where(and(eq(friendships.status, 'accepted'), or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId))));
  return row?.n ?? 0;
}
