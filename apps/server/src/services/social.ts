import type {
  ConversationList,
  ConversationPage,
  DirectMessage,
  FriendList,
  ProfileView,
  PublicFriendList,
  PublicUser,
  RelationView,
  SuggestionList,
  UserSearch,
} from '@rpg/contract';
import {
  checkAnswerRequest,
  checkBlock,
  checkCanMessage,
  checkRemoveFriendship,
  directMessageText,
  friendRequestAction,
  playerNotFound,
  presence,
  relationStatus,
  usernameChange,
  usernameTaken,
  counterChanges,
  NIGHT_OWL_HOUR,
  zonesAtLocalHour,
  type AchievementEvent,
} from '@rpg/game';
import type { Db, DbOrTx } from '../db/client.ts';
import { releaseClaim, repeatedRequest, statementClaim } from '../db/idempotency.ts';
import { countValues } from '../db/queries/achievement-count.ts';
import { acceptFriendAtOnce, sendMessageAtOnce, type MessageSent } from '../db/queries/social-writes.ts';
import { transaction } from '../db/transaction.ts';
import { hotChanges, hotCountValues, recordEvents, recordFriendAdded, settleAfterCount, type AchievementNotice } from './achievements.ts';
import {
  addBlock,
  deleteFriendship,
  getFriendshipBetween,
  answerPendingRequest,
  getFriendshipForUpdate,
  insertFriendRequest,
  pairState,
  reopenFriendRequest,
  setFriendshipStatus,
} from '../db/queries/friendships.ts';
import {
  findUsername,
  getUsernameForUpdate,
  readProfile,
  relatedPlayer,
  setUsername,
  usernameTakenByOther,
  type FriendRow,
  type PlayerRow,
  type ProfileRow,
  type RelatedPlayerRow,
} from '../db/queries/social.ts';
import { insertDirectMessage, type ConversationRow, type DirectMessageRow } from '../db/queries/messages.ts';

// The views: each answer of the social reads made from its typed rows by one function, presence
// and the relation decided by the rules (@rpg/game) from the facts the rows carry.

const time = (value: Date | null) => value?.getTime() ?? null;

/** A player as the viewer sees them at `now` (presence hidden between players in a block). */
export function publicUserView(row: PlayerRow, now: number): PublicUser {
  const seen = presence(
    { lastSeen: time(row.lastSeen), lastLogin: time(row.lastLogin), lastPing: time(row.lastPing), hidden: row.iBlocked || row.blockedMe },
    now,
  );
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    isOnline: seen.isOnline,
    lastSeen: seen.lastSeen === null ? null : new Date(seen.lastSeen).toISOString(),
  };
}

/** How the viewer stands with the player of the row. */
export function relationView(row: RelatedPlayerRow, viewerId: string): RelationView {
  const friendship =
    row.friendshipId === null || row.friendshipStatus === null
      ? null
      : { id: row.friendshipId, status: row.friendshipStatus, requestedByViewer: row.friendshipRequester === viewerId };
  return relationStatus(row.id === viewerId, { iBlocked: row.iBlocked, blockedMe: row.blockedMe }, friendship);
}

/** GET /api/profiles/:userId (and the answers of the profile's changes): the e-mail only on the viewer's own. */
export function profileView(row: ProfileRow, viewerId: string, now: number): ProfileView {
  return {
    user: { ...publicUserView(row, now), bannerUrl: row.bannerUrl, title: row.title },
    email: row.id === viewerId ? row.email : null,
    counts: { posts: row.posts, friends: row.friends, characters: row.characters },
    relation: relationView(row, viewerId),
  };
}

/** GET /api/friends: the status and direction as the viewer names them. */
export function friendListView(rows: readonly FriendRow[], viewerId: string, now: number): FriendList {
  return {
    entries: rows.map((r) => ({
      friendshipId: r.friendshipId,
      status: r.status === 'accepted' ? 'accepted' : 'pending',
      direction: r.requesterId === viewerId ? 'outgoing' : 'incoming',
      user: publicUserView(r.user, now),
      since: r.updatedAt.toISOString(),
    })),
  };
}

/** GET /api/profiles/:userId/friends. */
export function publicFriendListView(rows: readonly PlayerRow[], now: number): PublicFriendList {
  return { friends: rows.map((r) => publicUserView(r, now)) };
}

/** GET /api/users/search: each player found with the viewer's relation to them. */
export function userSearchView(rows: readonly RelatedPlayerRow[], viewerId: string, now: number): UserSearch {
  return { users: rows.map((r) => ({ user: publicUserView(r, now), relation: relationView(r, viewerId) })) };
}

/** GET /api/friends/suggestions. */
export function suggestionListView(rows: ReadonlyArray<{ user: PlayerRow; mutualFriends: number }>, now: number): SuggestionList {
  return { suggestions: rows.map((r) => ({ user: publicUserView(r.user, now), mutualFriends: r.mutualFriends })) };
}

export const directMessageView = (row: DirectMessageRow): DirectMessage => ({
  id: String(row.id),
  senderId: row.senderId,
  receiverId: row.receiverId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** GET /api/messages: the latest conversation first, then by name (localeCompare). */
export function conversationListView(rows: readonly ConversationRow[], now: number): ConversationList {
  const sorted = [...rows].sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0) || a.user.username.localeCompare(b.user.username));
  return {
    conversations: sorted.map((c) => ({
      user: publicUserView(c.user, now),
      lastMessage: c.lastMessage && directMessageView(c.lastMessage),
      unread: c.unread,
      friend: c.friend,
    })),
  };
}

/** GET /api/messages/:userId. */
export function conversationPageView(page: { messages: readonly DirectMessageRow[]; hasMore: boolean }): ConversationPage {
  return { messages: page.messages.map(directMessageView), hasMore: page.hasMore };
}

export async function relationOf(db: DbOrTx, viewerId: string, otherId: string): Promise<RelationView> {
  const row = await relatedPlayer(db, viewerId, otherId);
  return row ? relationView(row, viewerId) : { status: 'none', friendshipId: null };
}

/** Spec 03 §2 own and another user's profile: the user, the counters, how the viewer stands. */
export async function loadProfile(db: DbOrTx, viewerId: string, userId: string): Promise<ProfileView> {
  const row = await readProfile(db, viewerId, userId);
  if (!row) throw playerNotFound();
  return profileView(row, viewerId, Date.now());
}

async function requirePlayer(db: DbOrTx, userId: string): Promise<void> {
  if ((await findUsername(db, userId)) === undefined) throw playerNotFound();
}

export interface RequestOutcome {
  /** The row, and whether asking accepted the other player's pending request instead. */
  friendshipId: string;
  accepted: boolean;
  /** The asker's username (the other's push names them). */
  myName: string | undefined;
}

/** Spec 03 §4 "Friendship status": a new request (in a transaction). */
export async function requestFriendship(tx: DbOrTx, me: string, other: string): Promise<RequestOutcome> {
  const pair = me === other ? undefined : await pairState(tx, me, other);
  if (pair && pair.otherName === undefined) throw playerNotFound();
  const blocks = pair ?? { iBlocked: false, blockedMe: false };
  const myName = pair?.myName;
  let existing = me === other ? undefined : await getFriendshipBetween(tx, me, other, true);
  if (!existing && me !== other) {
    friendRequestAction(false, undefined, blocks);
    const created = await insertFriendRequest(tx, me, other);
    if (created) return { friendshipId: created.id, accepted: false, myName };
    // A request of the pair was made at the same moment: decide against that row.
    existing = await getFriendshipBetween(tx, me, other, true);
  }
  const action = friendRequestAction(me === other, existing && { status: existing.status, requestedByMe: existing.requesterId === me }, blocks);
  if (!existing) throw new Error('friendship row vanished');
  if (action === 'accept-theirs') {
    await setFriendshipStatus(tx, existing.id, 'accepted');
    return { friendshipId: existing.id, accepted: true, myName };
  }
  await reopenFriendRequest(tx, existing.id, me, other);
  return { friendshipId: existing.id, accepted: false, myName };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A friendship row by id; an id that cannot exist reads as not found. */
const friendshipRow = async (tx: DbOrTx, id: string) => (UUID.test(id) ? getFriendshipForUpdate(tx, id) : undefined);

/** Accept or reject: the recipient of a pending request only. Answers the requester's id. */
export async function answerFriendship(tx: DbOrTx, me: string, id: string, accept: boolean): Promise<string> {
  const status = accept ? 'accepted' : 'rejected';
  const requester = UUID.test(id) ? await answerPendingRequest(tx, id, me, status) : undefined;
  if (requester) return requester;
  // Not answered: the rule names why from the row as it is, locked. A request reopened just as the
  // update read it (its snapshot saw it rejected) is pending now: answered here.
  const row = await friendshipRow(tx, id);
  checkAnswerRequest(row && { status: row.status, addresseeIsMe: row.addresseeId === me });
  await setFriendshipStatus(tx, id, status);
  return row!.requesterId;
}

/**
 * POST /api/friends/:id/accept (issue 45 point 3): the acceptance, its claim and both players'
 * friends counts in one statement, without a transaction (db/queries/social-writes.ts). Not
 * accepted: refused from the request as read, or, when that does not explain it (a first event's
 * count, the night-owl hour, a race lost once locked), the transaction of before.
 */
export async function acceptFriendshipCounted(db: Db, me: string, id: string, now = new Date()): Promise<{ requester: string; notices: Counted[] }> {
  const claim = statementClaim();
  const friendsKey = counterChanges({}, { type: 'friend-added', friends: 0 })[0]!.key;
  const accepted = UUID.test(id)
    ? await acceptFriendAtOnce(db, { userId: me, friendshipId: id, now, friendsKey }, countValues([], [], zonesAtLocalHour(now, NIGHT_OWL_HOUR)), claim).catch(
        (error: unknown) => {
          claim.settle(false);
          throw error;
        },
      )
    : { state: undefined, counts: new Map() };
  const { state } = accepted;
  claim.settle(state?.accepted === true);
  if (state?.accepted) {
    const notices: Counted[] = [];
    for (const userId of [me, state.requesterId].sort())
      notices.push({ userId, notice: await settleAfterCount(db, userId, accepted.counts.get(userId)!, now) });
    return { requester: state.requesterId, notices };
  }
  if (state?.repeated) throw repeatedRequest(claim);
  if (state?.claimed) await releaseClaim(db, claim);
  else if (!state || !state.addresseeIsMe || state.status !== 'rejected')
    checkAnswerRequest(state && { status: state.status, addresseeIsMe: state.addresseeIsMe });
  return transaction(db, async (tx) => {
    const requester = await answerFriendship(tx, me, id, true);
    return { requester, notices: await recordFriendAdded(tx, [me, requester], now) };
  });
}

type Counted = { userId: string; notice: AchievementNotice };

/** Remove a friend, cancel a sent request or decline one (deleted): either side. Answers the other player's id. */
export async function removeFriendship(tx: DbOrTx, me: string, id: string): Promise<string> {
  const row = await friendshipRow(tx, id);
  checkRemoveFriendship(row && { status: row.status, isMine: row.requesterId === me || row.addresseeId === me });
  await deleteFriendship(tx, id);
  return row!.requesterId === me ? row!.addresseeId : row!.requesterId;
}

export async function blockPlayer(tx: DbOrTx, me: string, other: string): Promise<void> {
  checkBlock(me === other);
  await requirePlayer(tx, other);
  await addBlock(tx, me, other);
}

/** DECISIONS §2: a direct message between friends who have not blocked each other. Answers it and the sender's username. */
/**
 * POST /api/messages/:userId (issue 45 point 3): the message, its idempotency claim and its
 * achievement count in one statement, without a transaction (db/queries/social-writes.ts); the
 * rule reads the pair's state from the same statement. When the count needs its full path (a
 * first event, the night-owl hour) nothing was written and the transaction of before runs.
 */
export async function sendDirectMessageCounted(db: Db, me: string, other: string, raw: string, now = new Date()) {
  const body = directMessageText(raw);
  const events: AchievementEvent[] = [{ type: 'message-sent' }];
  const claim = statementClaim();
  let sent: MessageSent;
  try {
    sent = await sendMessageAtOnce(db, { userId: me, otherId: other, body, now }, hotCountValues(hotChanges(events)!, events, now), claim);
  } catch (error) {
    claim.settle(false);
    throw error;
  }
  claim.settle(sent.row !== undefined);
  if (sent.row) return { row: sent.row, myName: sent.state.myName ?? undefined, notice: await settleAfterCount(db, me, sent.count, now) };
  if (sent.state.repeated) throw repeatedRequest(claim);
  checkCanMessage({ blocked: me !== other && sent.state.blocked, friends: me !== other && sent.state.friends });
  return transaction(db, async (tx) => {
    const { row, myName } = await sendDirectMessage(tx, me, other, raw);
    return { row, myName, notice: await recordEvents(tx, me, events, now) };
  });
}

export async function sendDirectMessage(tx: DbOrTx, me: string, other: string, raw: string): Promise<{ row: DirectMessageRow; myName: string | undefined }> {
  const body = directMessageText(raw);
  const pair = await pairState(tx, me, other);
  checkCanMessage({ blocked: me !== other && (pair.iBlocked || pair.blockedMe), friends: me !== other && pair.friends });
  return { row: await insertDirectMessage(tx, me, other, body), myName: pair.myName };
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
