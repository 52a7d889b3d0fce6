import type { DirectMessage, ProfileView, PublicUser, RelationView } from '@rpg/contract';
import { checkAnswerRequest, checkBlock, checkCanMessage, checkRemoveFriendship, directMessageText, friendRequestAction, playerNotFound, usernameChange, usernameTaken } from '@rpg/game';
import type { DbOrTx } from '../db/client.ts';
import {
  addBlock,
  areFriends,
  blockStateBetween,
  deleteFriendship,
  getFriendshipBetween,
  getFriendshipForUpdate,
  insertFriendRequest,
  reopenFriendRequest,
  setFriendshipStatus,
} from '../db/queries/friendships.ts';
import {
  getProfileRow,
  getUsernameForUpdate,
  profileCounts,
  relationsFor,
  setUsername,
  usernameTakenByOther,
  type PublicUserRow,
} from '../db/queries/social.ts';
import { insertDirectMessage, type DirectMessageRow } from '../db/queries/messages.ts';


export const toPublicUser = (row: PublicUserRow): PublicUser => ({
  id: row.id,
  username: row.username,
  avatarUrl: row.avatarUrl,
  isOnline: row.isOnline,
  lastSeen: row.lastSeen?.toISOString() ?? null,
});

export const toDirectMessage = (row: DirectMessageRow): DirectMessage => ({
  id: String(row.id),
  senderId: row.senderId,
  receiverId: row.receiverId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function relationOf(db: DbOrTx, viewerId: string, otherId: string): Promise<RelationView> {
  return (await relationsFor(db, viewerId, [otherId])).get(otherId) ?? { status: 'none', friendshipId: null };
}

/** Spec 03 §2 own and another user's profile: the user, the counters, how the viewer stands. */
export async function loadProfile(db: DbOrTx, viewerId: string, userId: string): Promise<ProfileView> {
  const row = await getProfileRow(db, viewerId, userId);
  if (!row) throw playerNotFound();
  return {
    user: { ...toPublicUser(row), bannerUrl: row.bannerUrl, title: row.title ?? null },
    email: row.email,
    counts: await profileCounts(db, userId),
    relation: await relationOf(db, viewerId, userId),
  };
}

async function requirePlayer(db: DbOrTx, viewerId: string, userId: string): Promise<void> {
  if (!(await getProfileRow(db, viewerId, userId))) throw playerNotFound();
}

export interface RequestOutcome {
  /** The row, and whether asking accepted the other player's pending request instead. */
  friendshipId: string;
  accepted: boolean;
}

/** Spec 03 §4 "Friendship status": a new request (in a transaction). */
export async function requestFriendship(tx: DbOrTx, me: string, other: string): Promise<RequestOutcome> {
  if (me !== other) await requirePlayer(tx, me, other);
  const blocks = me === other ? { iBlocked: false, blockedMe: false } : await blockStateBetween(tx, me, other);
  let existing = me === other ? undefined : await getFriendshipBetween(tx, me, other, true);
  if (!existing && me !== other) {
    friendRequestAction(false, undefined, blocks);
    const created = await insertFriendRequest(tx, me, other);
    if (created) return { friendshipId: created.id, accepted: false };
    // A request of the pair was made at the same moment: decide against that row.
    existing = await getFriendshipBetween(tx, me, other, true);
  }
  const action = friendRequestAction(me === other, existing && { status: existing.status, requestedByMe: existing.requesterId === me }, blocks);
  if (!existing) throw new Error('friendship row vanished');
  if (action === 'accept-theirs') {
    await setFriendshipStatus(tx, existing.id, 'accepted');
    return { friendshipId: existing.id, accepted: true };
  }
  await reopenFriendRequest(tx, existing.id, me, other);
  return { friendshipId: existing.id, accepted: false };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A friendship row by id; an id that cannot exist reads as not found. */
const friendshipRow = async (tx: DbOrTx, id: string) => (UUID.test(id) ? getFriendshipForUpdate(tx, id) : undefined);

/** Accept or reject: the recipient of a pending request only. Answers the requester's id. */
export async function answerFriendship(tx: DbOrTx, me: string, id: string, accept: boolean): Promise<string> {
  const row = await friendshipRow(tx, id);
  checkAnswerRequest(row && { status: row.status, addresseeIsMe: row.addresseeId === me });
  await setFriendshipStatus(tx, id, accept ? 'accepted' : 'rejected');
  return row!.requesterId;
}

/** Remove a friend, cancel a sent request or decline one (deleted): either side. Answers the other player's id. */
export async function removeFriendship(tx: DbOrTx, me: string, id: string): Promise<string> {
  const row = await friendshipRow(tx, id);
  checkRemoveFriendship(row && { status: row.status, isMine: row.requesterId === me || row.addresseeId === me });
  await deleteFriendship(tx, id);
  return row!.requesterId === me ? row!.addresseeId : row!.requesterId;
}

export async function blockPlayer(tx: DbOrTx, me: string, other: string): Promise<void> {
  checkBlock(me === other);
  await requirePlayer(tx, me, other);
  await addBlock(tx, me, other);
}

/** DECISIONS §2: a direct message between friends who have not blocked each other. */
export async function sendDirectMessage(tx: DbOrTx, me: string, other: string, raw: string): Promise<DirectMessageRow> {
  const body = directMessageText(raw);
  const blocks = me === other ? { iBlocked: false, blockedMe: false } : await blockStateBetween(tx, me, other);
  checkCanMessage({ blocked: blocks.iBlocked || blocks.blockedMe, friends: me !== other && (await areFriends(tx, me, other)) });
  return insertDirectMessage(tx, me, other, body);
}

/** Spec 03 §5 "Profile": the new username, unique case-insensitively (DECISIONS §4). */
export async function renamePlayer(tx: DbOrTx, me: string, requested: string): Promise<string> {
  const current = await getUsernameForUpdate(tx, me);
  if (current === undefined) throw playerNotFound();
  const next = usernameChange(current, requested);
  if (await usernameTakenByOther(tx, me, next)) throw usernameTaken();
  await setUsername(tx, me, next);
  return next;
}
