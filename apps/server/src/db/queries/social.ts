import { and, asc, desc, eq, ilike, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { directMessages, friendships } from '../schema/social.ts';
import { realtimeConnections, users } from '../schema/users.ts';
import { likeEscape, viewerParam as viewer } from './columns.ts';
import { friendshipOf, friendshipPair, hasBlocked, otherPlayerOf, visibleTo } from './relations.ts';

/**
 * The reads of players (profiles, friends, search, suggestions, conversations): typed rows, each
 * mapped by one view in services/social.ts. Presence and the relation are decided there, by the
 * rules (`presence`, `relationStatus` in @rpg/game), from the facts these rows carry.
 */

/** The users row of the outer query, always qualified (drizzle leaves single-table columns bare, which a subquery would rebind). */
const U = sql.raw('"users"."id"');
/** A statement's friendships row `f`. */
const f = alias(friendships, 'f');

/**
 * A player as every read of players selects it (the table `users`), for `viewerId`: the public
 * fields and what presence is decided from (the newest ping of an open connection, a block either way).
 */
export function playerColumns(viewerId: SQLWrapper | string) {
  return {
    id: users.id,
    username: users.username,
    avatarUrl: users.avatarUrl,
    lastSeen: users.lastSeen,
    lastLogin: users.lastLogin,
    lastPing: sql<Date | null>`(select max(rc.last_ping) from "realtime_connections" rc where rc.user_id = ${U})`.mapWith(realtimeConnections.lastPing),
    iBlocked: hasBlocked(viewerId, U),
    blockedMe: hasBlocked(U, viewerId),
  };
}

export interface PlayerRow {
  id: string;
  username: string;
  avatarUrl: string | null;
  lastSeen: Date | null;
  lastLogin: Date | null;
  lastPing: Date | null;
  /** The viewer blocked this player. */
  iBlocked: boolean;
  /** This player blocked the viewer. */
  blockedMe: boolean;
}

/** The pair's friendship row of `users` and the viewer, not a rejected one (at most one: friendships_pair_uq), joined to a player's row. */
const pairWith = (viewerId: SQLWrapper | string) => and(ne(friendships.status, 'rejected'), friendshipPair(viewerId, users.id));
const pairColumns = { friendshipId: friendships.id, friendshipStatus: friendships.status, friendshipRequester: friendships.requesterId };

/** A player with the facts of the viewer's relation to them (the block columns and the pair's row). */
export type RelatedPlayerRow = PlayerRow & {
  friendshipId: string | null;
  friendshipStatus: 'pending' | 'accepted' | 'rejected' | null;
  friendshipRequester: string | null;
};

const relatedRead = prepared('related_players', (db) =>
  db
    .select({ ...playerColumns(viewer), ...pairColumns })
    .from(users)
    .leftJoin(friendships, pairWith(viewer))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`),
);

/** The viewer's relation facts for each of `ids` (players that exist). */
export async function relatedPlayers(db: DbOrTx, viewerId: string, ids: readonly string[]): Promise<RelatedPlayerRow[]> {
  if (ids.length === 0) return [];
  return relatedRead(db, { viewerId, ids: [...new Set(ids)] });
}

/** The player's name, or undefined when there is no such player. */
export async function findUsername(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username;
}

/** The owner of a read (a profile, a friend list). */
const owner = sql.placeholder('ownerId');

const profileRead = prepared('profile', (db) =>
  db
    .select({
      ...playerColumns(viewer),
      bannerUrl: users.bannerUrl,
      email: users.email,
      // The battle-pass title (spec 03 §4 rewards), shown beside the name.
      title: sql<string | null>`(select a.title from "achievement_progress" a where a.user_id = ${U})`,
      // Spec 03 §2 "Counters Posts, Friends and Characters".
      posts: sql<number>`(select count(*)::int from "posts" x where x.author_id = ${U})`,
      friends: sql<number>`(select count(*)::int from "friendships" f where f.status = 'accepted' and ${friendshipOf(U, f)})`,
      characters: sql<number>`(select count(*)::int from "player_characters" c where c.user_id = ${U})`,
      ...pairColumns,
    })
    .from(users)
    .leftJoin(friendships, pairWith(viewer))
    .where(eq(users.id, owner)),
);
export type ProfileRow = Awaited<ReturnType<typeof profileRead>>[number];

/** One player's profile row as the viewer reads it (every field; the view decides what the viewer sees); undefined when there is no such player. */
export async function readProfile(db: DbOrTx, viewerId: string, ownerId: string): Promise<ProfileRow | undefined> {
  const [row] = await profileRead(db, { viewerId, ownerId });
  return row;
}

/** The viewer's relation facts for one player (undefined: no such player). */
export async function relatedPlayer(db: DbOrTx, viewerId: string, userId: string): Promise<RelatedPlayerRow | undefined> {
  const [row] = await relatedPlayers(db, viewerId, [userId]);
  return row;
}

const friendRowsRead = prepared('friend_rows', (db) =>
  db
    .select({
      friendshipId: friendships.id,
      status: friendships.status,
      requesterId: friendships.requesterId,
      updatedAt: friendships.updatedAt,
      user: playerColumns(viewer),
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherPlayerOf(viewer)))
    .where(and(ne(friendships.status, 'rejected'), friendshipOf(viewer)))
    .orderBy(desc(friendships.updatedAt)),
);
export type FriendRow = Awaited<ReturnType<typeof friendRowsRead>>[number];

/** The viewer's pending and accepted rows with the other player, newest first. */
export function readFriendRows(db: DbOrTx, viewerId: string): Promise<FriendRow[]> {
  return friendRowsRead(db, { viewerId });
}

const ownerRow = alias(users, 'o');
const publicFriendsRead = prepared('public_friends', (db) =>
  db
    .select({ ownerId: ownerRow.id, friend: playerColumns(viewer) })
    .from(ownerRow)
    .leftJoin(friendships, and(eq(friendships.status, 'accepted'), friendshipOf(ownerRow.id)))
    .leftJoin(users, eq(users.id, otherPlayerOf(ownerRow.id)))
    .where(eq(ownerRow.id, owner))
    .orderBy(asc(sql`lower(${users.username})`)),
);

/** Another player's accepted friends by name, as the viewer sees them; undefined when the owner is no player. */
export async function readPublicFriends(db: DbOrTx, viewerId: string, ownerId: string): Promise<PlayerRow[] | undefined> {
  const rows = await publicFriendsRead(db, { viewerId, ownerId });
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.friend ? [r.friend as PlayerRow] : []));
}

/** The ids of the player's accepted friends (whose tabs hear of a change of the player's name). */
export async function acceptedFriendIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: otherPlayerOf(userId) })
    .from(friendships)
    .where(and(eq(friendships.status, 'accepted'), friendshipOf(userId)));
  return rows.map((r) => r.id);
}

/**
 * The pair's row of `users` and the viewer (pairWith's) as subqueries of the select list: a read with
 * a limit evaluates them for the rows it answers only, where a join would read the row of every candidate.
 */
const pairSubqueries = (viewerId: SQLWrapper) => {
  const pair = sql`from "friendships" f where f.status <> 'rejected' and ${friendshipPair(U, sql`${viewerId}::text`, f)}`;
  return {
    friendshipId: sql<string | null>`(select f.id::text ${pair})`,
    friendshipStatus: sql<'pending' | 'accepted' | null>`(select f.status ${pair})`,
    friendshipRequester: sql<string | null>`(select f.requester_id ${pair})`,
  };
};

const searchRead = prepared('user_search', (db) => {
  const lowered = sql.placeholder('lowered');
  return db
    .select({ ...playerColumns(viewer), ...pairSubqueries(viewer) })
    .from(users)
    .where(and(ne(users.id, viewer), ilike(users.username, sql.placeholder('pattern')), sql`not ${hasBlocked(U, viewer)}`))
    .orderBy(sql`lower(${users.username}) = ${lowered} desc`, asc(sql`length(${users.username})`), asc(sql`lower(${users.username})`))
    .limit(sql.placeholder('limit'));
});

/**
 * A contains-match on usernames (case-insensitive), never on e-mail addresses (issue 25: an exact
 * e-mail match, DECISIONS §4, mapped an address to a player; docs/decisions/social.md, "Friends"); never the viewer,
 * never a player who blocked the viewer; exact names first, then by length and name; `limit` at most.
 */
export function searchPlayers(db: DbOrTx, viewerId: string, term: string, limit: number): Promise<RelatedPlayerRow[]> {
  return searchRead(db, { viewerId, pattern: `%${likeEscape(term)}%`, lowered: term.toLowerCase(), limit }) as Promise<RelatedPlayerRow[]>;
}

/** The friend suggestions' statement (a viewerId and a limit placeholder); exported for its plan's test (world-reads.test.ts). */
export const suggestionsQuery = (db: DbOrTx) => {
  const myFriends = sql`(select ${otherPlayerOf(viewer, f)} from "friendships" f where f.status = 'accepted' and ${friendshipOf(viewer, f)})`;
  const r = alias(friendships, 'r');
  const relatedTo = (player: SQLWrapper) => sql`exists (select 1 from "friendships" r where r.status <> 'rejected' and ${friendshipPair(viewer, player, r)})`;
  const mutual = sql<number>`(select count(*)::int from "friendships" m where m.status = 'accepted'
    and ((m.requester_id = ${U} and m.addressee_id in ${myFriends})
    or (m.addressee_id = ${U} and m.requester_id in ${myFriends})))`.as('mutual');
  // The candidates: the friends of the viewer's friends (the only players with mutual friends) and the
  // first `limit` players by last seen who pass the filters (users_seen_idx). Any other player has no
  // mutual friend and is seen later than `limit` players who pass: it could not make the list.
  const passes = sql`u.id <> ${viewer} and not ${relatedTo(sql`u.id`)} and ${visibleTo(viewer, sql`u.id`)}`;
  const friendsOfFriends = sql`select m.addressee_id as id from "friendships" m where m.status = 'accepted' and m.requester_id in ${myFriends}
    union select m.requester_id from "friendships" m where m.status = 'accepted' and m.addressee_id in ${myFriends}`;
  const recentlySeen = sql`select u.id from "users" u where ${passes} order by greatest(u.last_seen, u.last_login) desc nulls last, u.id limit ${sql.placeholder('limit')}`;
  return db
    .select({ user: playerColumns(viewer), mutualFriends: mutual })
    .from(users)
    .where(and(sql`${U} in (${friendsOfFriends} union (${recentlySeen}))`, ne(users.id, viewer), sql`not ${relatedTo(U)}`, visibleTo(viewer, U)))
    .orderBy(desc(mutual), sql`greatest(${users.lastSeen}, ${users.lastLogin}) desc nulls last`, asc(users.id))
    .limit(sql.placeholder('limit'));
};
const suggestionsRead = prepared('friend_suggestions', suggestionsQuery);

/**
 * Friend suggestions: friends of friends (most mutual friends first), then the most recently
 * active players; never the viewer, anyone with a pending or accepted row with the viewer, or a
 * player blocked either way. One statement over a candidate set, not every player (main's 60dfeba:
 * with 100,000 players ranking every player took 0.9-1.1 s a read on PostgreSQL, the set 0.25 ms).
 */
export function suggestFriends(db: DbOrTx, viewerId: string, limit: number): Promise<Array<{ user: PlayerRow; mutualFriends: number }>> {
  return suggestionsRead(db, { viewerId, limit });
}

/** The badges: incoming pending requests and unread direct messages. */
const summaryRead = prepared('social_summary', (db) =>
  db
    .select({
      incoming: sql<number>`(select count(*)::int from ${friendships} where ${friendships.addresseeId} = ${viewer} and ${friendships.status} = 'pending')`,
      unread: sql<number>`(select count(*)::int from ${directMessages} where ${directMessages.receiverId} = ${viewer} and ${directMessages.readAt} is null)`,
    })
    .from(sql`(select 1) as one`),
);

export async function socialSummary(db: DbOrTx, userId: string): Promise<{ incomingRequests: number; unreadMessages: number }> {
  const [row] = await summaryRead(db, { viewerId: userId });
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

/** How many accepted friends each player has (achievements count the most held at once), in one statement. */
export async function acceptedFriendCounts(db: DbOrTx, userIds: readonly string[]): Promise<number[]> {
  const countOf = (userId: string) =>
    sql<number>`(${db
      .select({ n: sql<number>`count(*)::int` })
      .from(friendships)
      .where(and(eq(friendships.status, 'accepted'), friendshipOf(userId)))})`;
  const [row] = await db.select(Object.fromEntries(userIds.map((userId, i) => [`n${i}`, countOf(userId)]))).from(sql`(select 1) as counts`);
  return userIds.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}
