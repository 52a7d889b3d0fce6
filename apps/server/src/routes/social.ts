import {
  blockBodySchema,
  blockListSchema,
  changedKeys,
  conversationListSchema,
  conversationPageSchema,
  conversationQuerySchema,
  DIRECT_MESSAGE_PAGE,
  emptyBody,
  emptyQuery,
  FRIEND_SUGGESTION_LIMIT,
  friendListSchema,
  friendRequestBodySchema,
  friendshipChangeSchema,
  friendshipParamsSchema,
  invalidatePush,
  markReadResponseSchema,
  profileViewSchema,
  publicFriendListSchema,
  queryKeys,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  socialSummarySchema,
  suggestionListSchema,
  updateProfileBodySchema,
  USER_SEARCH_LIMIT,
  userParamsSchema,
  userSearchQuerySchema,
  userSearchSchema,
  inboxTextOf,
  type FriendRequestPush,
  type FriendshipChange,
} from '@rpg/contract';
import { playerNotFound, SOCIAL_TEXT, usernameTaken } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { listBlocked, removeBlock } from '../db/queries/friendships.ts';
import { addInboxEntries } from '../db/queries/notices.ts';
import {
  acceptedFriendIds,
  findUsername,
  isUsernameClash,
  readFriendRows,
  readProfile,
  readPublicFriends,
  searchPlayers,
  setProfileImage,
  socialSummary,
  suggestFriends,
  type ProfileImage,
} from '../db/queries/social.ts';
import { markConversationRead, readConversationPage, readConversations } from '../db/queries/messages.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import { readImage, relativeUpload, removeUpload, saveUpload, UPLOADS_PREFIX } from '../http/uploads.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, announceEach, recordFriendAdded } from '../services/achievements.ts';
import {
  answerFriendship,
  blockPlayer,
  conversationListView,
  conversationPageView,
  directMessageView,
  friendListView,
  loadProfile,
  profileView,
  publicFriendListView,
  relationOf,
  removeFriendship,
  renamePlayer,
  requestFriendship,
  sendDirectMessageCounted,
  acceptFriendshipCounted,
  suggestionListView,
  userSearchView,
} from '../services/social.ts';
import { transaction } from '../db/transaction.ts';

export interface SocialRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** RATE_LIMIT_FACTOR: scales the per-player throttles of friend requests and messages. */
  rateLimitFactor?: number;
}

export interface ProfileImageRouteDeps extends Omit<SocialRouteDeps, 'rateLimitFactor'> {
  /** DATA_DIR: avatars and banners go to DATA_DIR/uploads/profiles/. */
  dataDir: string;
}

const IMAGES: Record<'avatar' | 'banner', ProfileImage> = { avatar: 'avatarUrl', banner: 'bannerUrl' };
const FOLDER = 'profiles';

/**
 * Spec 03 §2 profiles, friends and messages; DECISIONS §2 (direct messages between friends) and
 * §4 (usernames, search). Every change is one transaction; both players' tabs are told after it.
 */
export async function socialRoutes(app: FastifyInstance, { db, guard, hub, rateLimitFactor = 1 }: SocialRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const push = (log: Parameters<typeof pusher>[1]) => pusher(hub, log);
  const requireProfile = async (userId: string) => {
    if ((await findUsername(db, userId)) === undefined) throw playerNotFound();
  };

  // ---- Profiles -------------------------------------------------------------------------------

  api.get(
    '/api/profiles/:userId',
    { onRequest: guard, schema: { params: userParamsSchema, querystring: emptyQuery, response: { 200: profileViewSchema } } },
    async (request) => {
      const { userId } = player(request);
      const target = request.params.userId === 'me' ? userId : request.params.userId;
      const row = await readProfile(db, userId, target);
      if (!row) throw playerNotFound();
      return profileView(row, userId, Date.now());
    },
  );

  api.get(
    '/api/profiles/:userId/friends',
    { onRequest: guard, schema: { params: userParamsSchema, querystring: emptyQuery, response: { 200: publicFriendListSchema } } },
    async (request) => {
      const { userId } = player(request);
      const target = request.params.userId === 'me' ? userId : request.params.userId;
      // One statement: whether the player exists, and their friends.
      const friends = await readPublicFriends(db, userId, target);
      if (!friends) throw playerNotFound();
      return publicFriendListView(friends, Date.now());
    },
  );

  /** { username }: only what changed is sent (the web says 'No changes to update.' before sending; so does the rule). */
  api.patch('/api/profile', { onRequest: guard, schema: { body: updateProfileBodySchema, response: { 200: profileViewSchema } } }, async (request) => {
    const { userId } = player(request);
    try {
      await transaction(db, (tx) => renamePlayer(tx, userId, request.body.username));
    } catch (error) {
      if (isUsernameClash(error)) throw usernameTaken();
      throw error;
    }
    // The name shows in lists, conversations and profiles: the player's tabs and their friends' refetch.
    const pushes = push(request.log);
    // And beside the chat's lines, on the boards and in other players' mute lists.
    pushes.readsChanged({ chat: true, tops: true, filters: true });
    pushes.invalidate(userId, [queryKeys.me, ...changedKeys.social()]);
    for (const friend of await acceptedFriendIds(db, userId)) pushes.invalidate(friend, changedKeys.social());
    return loadProfile(db, userId, userId);
  });

  // ---- Friends --------------------------------------------------------------------------------

  api.get('/api/friends', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: friendListSchema } } }, async (request) => {
    const { userId } = player(request);
    return friendListView(await readFriendRows(db, userId), userId, Date.now());
  });

  api.get('/api/friends/suggestions', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: suggestionListSchema } } }, async (request) => {
    const { userId } = player(request);
    // Its cost grows with the number of players.
    await throttlePlayer(db, 'friendSuggestions', userId, rateLimitFactor);
    return suggestionListView(await suggestFriends(db, userId, FRIEND_SUGGESTION_LIMIT), Date.now());
  });

  api.get('/api/users/search', { onRequest: guard, schema: { querystring: userSearchQuerySchema, response: { 200: userSearchSchema } } }, async (request) => {
    const { userId } = player(request);
    const term = request.query.q.trim();
    // Spec 03 §5 "Search needs a non-empty term".
    if (term === '') return { users: [] };
    await throttlePlayer(db, 'userSearch', userId, rateLimitFactor);
    return userSearchView(await searchPlayers(db, userId, term, USER_SEARCH_LIMIT), userId, Date.now());
  });

  api.post(
    '/api/friends/requests',
    { onRequest: guard, schema: { body: friendRequestBodySchema, response: { 200: friendshipChangeSchema } } },
    async (request): Promise<FriendshipChange> => {
      const { userId } = player(request);
      await throttlePlayer(db, 'friendRequests', userId, rateLimitFactor);
      const other = request.body.userId;
      const {
        outcome,
        request: asked,
        notices,
      } = await transaction(db, async (tx) => {
        const result = await requestFriendship(tx, userId, other);
        // A request that meets the other's pending one makes friends: both count it.
        const counted = result.accepted ? await recordFriendAdded(tx, [userId, other]) : [];
        const asked: FriendRequestPush | undefined = result.accepted
          ? undefined
          : { type: 'friend-request', friendshipId: result.friendshipId, from: { id: userId, username: result.myName ?? SOCIAL_TEXT.unknownUser } };
        // Issue 44: the request in the other's inbox, with the request.
        if (asked) await addInboxEntries(tx, [{ userId: other, ...inboxTextOf(asked) }]);
        return { outcome: result, request: asked, notices: counted };
      });
      const pushes = push(request.log);
      announceEach(pushes, notices);
      if (asked) pushes.notify(other, asked);
      pushes.invalidate(other, asked ? [...changedKeys.social(), queryKeys.inbox] : changedKeys.social());
      pushes.invalidate(userId, changedKeys.social());
      return { relation: await relationOf(db, userId, other), message: outcome.accepted ? SOCIAL_TEXT.requestAccepted : SOCIAL_TEXT.requestSent };
    },
  );

  for (const [action, accept] of [
    ['accept', true],
    ['reject', false],
  ] as const) {
    api.post(
      `/api/friends/:id/${action}`,
      { onRequest: guard, schema: { params: friendshipParamsSchema, body: emptyBody, response: { 200: friendshipChangeSchema } } },
      async (request): Promise<FriendshipChange> => {
        const { userId } = player(request);
        // Accepted: one statement with both players' counts (services/social.ts); rejected: a transaction.
        const { requester, notices } = accept
          ? await acceptFriendshipCounted(db, userId, request.params.id)
          : { requester: await transaction(db, (tx) => answerFriendship(tx, userId, request.params.id, false)), notices: [] };
        announceEach(push(request.log), notices);
        push(request.log).invalidate(requester, changedKeys.social());
        push(request.log).invalidate(userId, changedKeys.social());
        return { relation: await relationOf(db, userId, requester), message: accept ? SOCIAL_TEXT.requestAccepted : SOCIAL_TEXT.requestRejected };
      },
    );
  }

  /** Remove a friend, cancel a sent request, or decline one in the messages panel (the row is deleted). */
  api.delete(
    '/api/friends/:id',
    { onRequest: guard, schema: { params: friendshipParamsSchema, body: emptyBody, response: { 200: friendshipChangeSchema } } },
    async (request): Promise<FriendshipChange> => {
      const { userId } = player(request);
      const other = await transaction(db, (tx) => removeFriendship(tx, userId, request.params.id));
      push(request.log).invalidate(other, changedKeys.social());
      push(request.log).invalidate(userId, changedKeys.social());
      return { relation: await relationOf(db, userId, other), message: SOCIAL_TEXT.friendRemoved };
    },
  );

  // ---- Blocks ---------------------------------------------------------------------------------

  /**
   * After a block is made or lifted: the hub's fan-out follows it (issue 25), and both players' tabs
   * refetch the social lists, the chat (the other's lines hidden or back) and the other's feed.
   */
  const blockChanged = (log: Parameters<typeof pusher>[1], userId: string, other: string, blocked: boolean) => {
    const pushes = push(log);
    pushes.blocksChanged(userId, other, blocked);
    pushes.readsChanged({ filtersOf: [userId, other] });
    pushes.invalidate(other, [...changedKeys.social(), queryKeys.chat, queryKeys.posts(userId)]);
    pushes.invalidate(userId, [...changedKeys.social(), queryKeys.chat, queryKeys.posts(other)]);
  };

  api.get('/api/blocks', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: blockListSchema } } }, async (request) => {
    const { userId } = player(request);
    return { users: await listBlocked(db, userId) };
  });

  api.post(
    '/api/blocks',
    { onRequest: guard, schema: { body: blockBodySchema, response: { 200: friendshipChangeSchema } } },
    async (request): Promise<FriendshipChange> => {
      const { userId } = player(request);
      const other = request.body.userId;
      await transaction(db, (tx) => blockPlayer(tx, userId, other));
      blockChanged(request.log, userId, other, true);
      return { relation: await relationOf(db, userId, other), message: SOCIAL_TEXT.playerBlocked };
    },
  );

  api.delete(
    '/api/blocks/:userId',
    { onRequest: guard, schema: { params: userParamsSchema, body: emptyBody, response: { 200: friendshipChangeSchema } } },
    async (request): Promise<FriendshipChange> => {
      const { userId } = player(request);
      const other = request.params.userId;
      await requireProfile(other);
      if (await removeBlock(db, userId, other)) blockChanged(request.log, userId, other, false);
      return { relation: await relationOf(db, userId, other), message: SOCIAL_TEXT.playerUnblocked };
    },
  );

  api.get('/api/social/summary', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: socialSummarySchema } } }, async (request) => {
    return socialSummary(db, player(request).userId);
  });

  // ---- Direct messages ------------------------------------------------------------------------

  api.get('/api/messages', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: conversationListSchema } } }, async (request) => {
    return conversationListView(await readConversations(db, player(request).userId), Date.now());
  });

  /** The player's own conversation with one player (only the two of them can read it), a page back from `before`. */
  api.get(
    '/api/messages/:userId',
    { onRequest: guard, schema: { params: userParamsSchema, querystring: conversationQuerySchema, response: { 200: conversationPageSchema } } },
    async (request) => {
      const { userId } = player(request);
      const before = request.query.before === undefined ? undefined : Number(request.query.before);
      // One statement: whether the other player exists, and the page.
      const page = await readConversationPage(db, userId, request.params.userId, before, DIRECT_MESSAGE_PAGE);
      if (!page) throw playerNotFound();
      return conversationPageView(page);
    },
  );

  api.post(
    '/api/messages/:userId',
    { onRequest: guard, schema: { params: userParamsSchema, body: sendMessageBodySchema, response: { 200: sendMessageResponseSchema } } },
    async (request) => {
      const { userId } = player(request);
      await throttlePlayer(db, 'directMessages', userId, rateLimitFactor);
      const other = request.params.userId;
      // One statement: the pair's rule state, the message, its claim and its count (services/social.ts).
      const { row, notice, myName } = await sendDirectMessageCounted(db, userId, other, request.body.body);
      const username = myName ?? SOCIAL_TEXT.unknownUser;
      announceAchievements(push(request.log), userId, notice);
      // Every tab of the receiver (a toast where the conversation is not open), and the sender's other tabs.
      push(request.log).notify(
        other,
        { type: 'direct-message', messageId: String(row.id), from: { id: userId, username } },
        invalidatePush(changedKeys.directMessages(userId)),
      );
      push(request.log).invalidate(userId, changedKeys.directMessages(other));
      return { message: directMessageView(row) };
    },
  );

  api.post(
    '/api/messages/:userId/read',
    { onRequest: guard, schema: { params: userParamsSchema, body: emptyBody, response: { 200: markReadResponseSchema } } },
    async (request) => {
      const { userId } = player(request);
      const other = request.params.userId;
      await requireProfile(other);
      const marked = await markConversationRead(db, userId, other);
      if (marked > 0) {
        // The badges of every tab of the reader; the read marks on the sender's side.
        push(request.log).invalidate(userId, changedKeys.directMessages(other));
        push(request.log).invalidate(other, [queryKeys.conversation(userId)]);
      }
      return { marked };
    },
  );
}

/**
 * PUT /api/profile/avatar|banner (multipart, one file field 'file') and DELETE of the same path: the
 * player's profile images. Registered with the other uploads, in the scope that reads multipart (app.ts).
 */
export async function profileImageRoutes(app: FastifyInstance, { db, guard, hub, dataDir }: ProfileImageRouteDeps): Promise<void> {
  for (const [kind, column] of Object.entries(IMAGES)) {
    const upload = { consumes: ['multipart/form-data'], response: { 200: profileViewSchema } };
    app.put(`/api/profile/${kind}`, { onRequest: guard, schema: upload }, async (request) => {
      const { userId } = player(request);
      const { bytes, extension } = await readImage(request, kind as 'avatar' | 'banner');
      const stored = await saveUpload(dataDir, FOLDER, bytes, extension);
      let previous: string | null;
      try {
        previous = await transaction(db, (tx) => setProfileImage(tx, userId, column, UPLOADS_PREFIX + stored));
      } catch (error) {
        await removeUpload(dataDir, stored, request.log);
        throw error;
      }
      await removeUpload(dataDir, relativeUpload(previous), request.log);
      pusher(hub, request.log).invalidate(userId, [queryKeys.me, ...changedKeys.social()]);
      return loadProfile(db, userId, userId);
    });

    app.delete(`/api/profile/${kind}`, { onRequest: guard, schema: { body: emptyBody, response: { 200: profileViewSchema } } }, async (request) => {
      const { userId } = player(request);
      const previous = await transaction(db, (tx) => setProfileImage(tx, userId, column, null));
      await removeUpload(dataDir, relativeUpload(previous), request.log);
      if (previous) pusher(hub, request.log).invalidate(userId, [queryKeys.me, ...changedKeys.social()]);
      return loadProfile(db, userId, userId);
    });
  }
}
