import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { blocks, friendships, type FriendshipStatus } from '../schema/social.ts';
import { users } from '../schema/users.ts';
import { viewerParam as viewer } from './columns.ts';
import { blockedEitherWay, blockPeersOf, friendshipPair, hasBlocked } from './relations.ts';

// Friendships and blocks: the pair's rows, their transitions and locks (the social reads are in social.ts).

export type FriendshipRow = typeof friendships.$inferSelect;

/** The pair's row, whoever asked; `forUpdate` locks it for the transition. */
export async function getFriendshipBetween(db: DbOrTx, a: string, b: string, forUpdate = false): Promise<FriendshipRow | undefined> {
  const query = db.select().from(friendships).where(friendshipPair(a, b));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getFriendshipForUpdate(db: DbOrTx, id: string): Promise<FriendshipRow | undefined> {
  const [row] = await db.select().from(friendships).where(eq(friendships.id, id)).for('update');
  return row;
}

/** A new pending row; undefined when the pair already has one (a concurrent request won). */
export async function insertFriendRequest(db: DbOrTx, requesterId: string, addresseeId: string, now = new Date()): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .insert(friendships)
    .values({ requesterId, addresseeId, status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A rejected row becomes a new pending request from `requesterId` (spec 03 §4: a rejected row is ignored). */
export async function reopenFriendRequest(db: DbOrTx, id: string, requesterId: string, addresseeId: string, now = new Date()): Promise<void> {
  await db.update(friendships).set({ requesterId, addresseeId, status: 'pending', createdAt: now, updatedAt: now }).where(eq(friendships.id, id));
}

/**
 * Answers a pending request addressed to `addresseeId` in one conditional update (checkAnswerRequest's
 * condition): the requester's id, or undefined when no such request is pending.
 */
export async function answerPendingRequest(
  db: DbOrTx,
  id: string,
  addresseeId: string,
  status: 'accepted' | 'rejected',
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .update(friendships)
    .set({ status, updatedAt: now })
    .where(and(eq(friendships.id, id), eq(friendships.addresseeId, addresseeId), eq(friendships.status, 'pending')))
    .returning({ requesterId: friendships.requesterId });
  return row?.requesterId;
}

export async function setFriendshipStatus(db: DbOrTx, id: string, status: FriendshipStatus, now = new Date()): Promise<void> {
  await db.update(friendships).set({ status, updatedAt: now }).where(eq(friendships.id, id));
}

export async function deleteFriendship(db: DbOrTx, id: string): Promise<void> {
  await db.delete(friendships).where(eq(friendships.id, id));
}

/** True when the two players are friends (accepted). For gifts, messages and anything between friends. */
export async function areFriends(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(and(friendshipPair(a, b), eq(friendships.status, 'accepted')));
  return row !== undefined;
}

/** What a request or a message between two players checks, read in one statement. */
export interface PairState {
  /** Each player's username; undefined when there is no such player. */
  myName: string | undefined;
  otherName: string | undefined;
  iBlocked: boolean;
  blockedMe: boolean;
  /** Friends (an accepted friendship). */
  friends: boolean;
}

/** Both players' names, who blocked whom and whether they are friends, in one statement (a write's round trips are its latency under load). */
export async function pairState(db: DbOrTx, me: string, other: string): Promise<PairState> {
  const nameOf = (id: string) => sql<string | null>`(${db.select({ username: users.username }).from(users).where(eq(users.id, id))})`;
  const [row] = await db
    .select({
      myName: nameOf(me),
      otherName: nameOf(other),
      iBlocked: hasBlocked(me, other),
      blockedMe: hasBlocked(other, me),
      friends: sql<boolean>`exists(${db
        .select({ one: sql`1` })
        .from(friendships)
        .where(and(friendshipPair(me, other), eq(friendships.status, 'accepted')))})`,
    })
    .from(sql`(select 1) as pair`);
  return {
    myName: row?.myName ?? undefined,
    otherName: row?.otherName ?? undefined,
    iBlocked: row?.iBlocked === true,
    blockedMe: row?.blockedMe === true,
    friends: row?.friends === true,
  };
}

/** True when either player blocked the other (D's chat and others ask this). */
export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ blocked: blockedEitherWay(a, b) }).from(sql`(select 1) as pair`);
  return row?.blocked === true;
}

/** The players in a block with `userId`, either way (the fan-out's block peers, realtime/blocks.ts); a player twice when both blocked. */
export async function blockPeerIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sql<string>`p.id` }).from(sql`${blockPeersOf(userId)} as p(id)`);
  return rows.map((r) => r.id);
}

/** Blocking ends the pair's friendship or request, in the same transaction. */
export async function addBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const inserted = await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ blockerId: blocks.blockerId });
  await db.delete(friendships).where(friendshipPair(blockerId, blockedId));
  return inserted.length > 0;
}

export async function removeBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockerId: blocks.blockerId });
  return removed.length > 0;
}

const blockedRead = prepared('blocked_players', (db) =>
  db
    .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, viewer))
    .orderBy(asc(sql`lower(${users.username})`)),
);

export async function listBlocked(db: DbOrTx, blockerId: string) {
  return blockedRead(db, { viewerId: blockerId });
}
