/**
 * Profiles, friends, blocks and direct messages (spec 03 §2 "Own profile", "Another user's
 * profile", "Friends", "Messages"; DECISIONS §2 and §4): the request and answer shapes.
 * E-mail addresses appear only in the player's own profile, never in another player's shapes.
 */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { idInput, text } from './input.ts';

/** Spec 03 §9 "User search limit: 5". */
export const USER_SEARCH_LIMIT = 5;
/** Friend suggestions shown at most. */
export const FRIEND_SUGGESTION_LIMIT = 6;
/** Spec 03 §9 "Online window: 10 minutes" (since the last sign-in, when no socket is open). */
export const ONLINE_WINDOW_MS = 10 * 60 * 1000;
/** A player whose last tab closed counts as online this long (a reload does not flicker). */
export const PRESENCE_GRACE_MS = 45 * 1000;
/** Messages per page of a conversation (paging goes back from the newest). */
export const DIRECT_MESSAGE_PAGE = 30;

const instant = lazySchema(() => z.string());

/** Online now (an open tab, a tab closed under a minute ago, or a sign-in in the last 10 minutes). Hidden (false, null) from a player you blocked. */
export const presenceSchema = lazySchema(() =>
  z.object({
    isOnline: z.boolean(),
    /** ISO 8601; null when never seen or hidden. */
    lastSeen: instant.nullable(),
  }),
);

/** Another player as every other player sees them: never their e-mail. */
export const publicUserSchema = lazySchema(() =>
  presenceSchema.unwrap().extend({
    id: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
  }),
);
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * How the viewer stands with a player: self, none, friends, outgoing (the viewer asked: 'Request
 * sent'), incoming (they asked: Accept/Reject), blocked (the viewer blocked them), blocked-by.
 */
export const RELATIONS = ['self', 'none', 'friends', 'outgoing', 'incoming', 'blocked', 'blocked-by'] as const;
export type Relation = (typeof RELATIONS)[number];
export const relationSchema = lazySchema(() =>
  z.object({
    status: z.enum(RELATIONS),
    /** The friendship row (pending or accepted), for accept, reject and remove. */
    friendshipId: z.string().nullable(),
  }),
);
export type RelationView = z.infer<typeof relationSchema>;

/** GET /api/profiles/:userId (and /api/profiles/me): banner, avatar, the counters, how the viewer stands. */
export const profileViewSchema = lazySchema(() =>
  z.object({
    /** `title`: the battle-pass title shown beside the name (spec 03 §4 rewards), null until granted. */
    user: publicUserSchema.unwrap().extend({ bannerUrl: z.string().nullable(), title: z.string().nullable() }),
    /** Only on the player's own profile (Settings: read-only). */
    email: z.string().nullable(),
    counts: z.object({ posts: z.number().int(), friends: z.number().int(), characters: z.number().int() }),
    relation: relationSchema,
  }),
);
export type ProfileView = z.infer<typeof profileViewSchema>;

export const userParamsSchema = lazySchema(() => z.object({ userId: idInput }));
export const friendshipParamsSchema = lazySchema(() => z.object({ id: idInput }));

/** PATCH /api/profile: only the fields that changed (spec 03 §5 "Profile"). */
export const updateProfileBodySchema = lazySchema(() => z.strictObject({ username: text(200) }));
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** One friendship row as one side sees it. */
export const friendEntrySchema = lazySchema(() =>
  z.object({
    friendshipId: z.string(),
    status: z.enum(['pending', 'accepted']),
    /** incoming: the other player asked; outgoing: the viewer asked. */
    direction: z.enum(['incoming', 'outgoing']),
    user: publicUserSchema,
    since: instant,
  }),
);
export type FriendEntry = z.infer<typeof friendEntrySchema>;

/** GET /api/friends: the viewer's rows, pending and accepted (the tabs All, Friends, Incoming, Sent). */
export const friendListSchema = lazySchema(() => z.object({ entries: z.array(friendEntrySchema) }));
export type FriendList = z.infer<typeof friendListSchema>;

/** GET /api/profiles/:userId/friends: another player's accepted friends. */
export const publicFriendListSchema = lazySchema(() => z.object({ friends: z.array(publicUserSchema) }));
export type PublicFriendList = z.infer<typeof publicFriendListSchema>;

/** GET /api/users/search?q=: contains-match on usernames, never on e-mail addresses (issue 25), 5 at most, never the viewer. */
export const userSearchQuerySchema = lazySchema(() => z.object({ q: text(254) }));
export const userResultSchema = lazySchema(() => z.object({ user: publicUserSchema, relation: relationSchema }));
export type UserResult = z.infer<typeof userResultSchema>;
export const userSearchSchema = lazySchema(() => z.object({ users: z.array(userResultSchema) }));
export type UserSearch = z.infer<typeof userSearchSchema>;

/** GET /api/friends/suggestions: friends of friends (with the mutual count), then recently active players. */
export const suggestionSchema = lazySchema(() => z.object({ user: publicUserSchema, mutualFriends: z.number().int() }));
export const suggestionListSchema = lazySchema(() => z.object({ suggestions: z.array(suggestionSchema) }));
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** POST /api/friends/requests { userId }. */
export const friendRequestBodySchema = lazySchema(() => z.strictObject({ userId: idInput }));
/** The answer of every friendship change: the new relation and the toast's title. */
export const friendshipChangeSchema = lazySchema(() => z.object({ relation: relationSchema, message: z.string() }));
export type FriendshipChange = z.infer<typeof friendshipChangeSchema>;

/** GET /api/blocks; POST /api/blocks { userId }; DELETE /api/blocks/:userId. */
export const blockBodySchema = lazySchema(() => z.strictObject({ userId: idInput }));
export const blockListSchema = lazySchema(() => z.object({ users: z.array(publicUserSchema.unwrap().pick({ id: true, username: true, avatarUrl: true })) }));
export type BlockList = z.infer<typeof blockListSchema>;

/** GET /api/social/summary: the badges (incoming requests, unread messages). */
export const socialSummarySchema = lazySchema(() => z.object({ incomingRequests: z.number().int(), unreadMessages: z.number().int() }));
export type SocialSummary = z.infer<typeof socialSummarySchema>;

export const directMessageSchema = lazySchema(() =>
  z.object({
    /** A row id (a string, so the number never loses precision). */
    id: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    body: z.string(),
    createdAt: instant,
    /** When the receiver read it; null while unread. */
    readAt: instant.nullable(),
  }),
);
export type DirectMessage = z.infer<typeof directMessageSchema>;

/**
 * GET /api/messages: one entry per friend and per former friend (removed or blocked) the player has
 * messages with, the latest conversation first. `friend` false: the history is read-only.
 */
export const conversationSchema = lazySchema(() =>
  z.object({
    user: publicUserSchema,
    lastMessage: directMessageSchema.nullable(),
    unread: z.number().int(),
    /** An accepted friend now (messages can be sent); false for a history kept after the friendship ended. */
    friend: z.boolean(),
  }),
);
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = lazySchema(() => z.object({ conversations: z.array(conversationSchema) }));
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /api/messages/:userId?before=<id>: a page, oldest first; hasMore when older ones exist. */
export const conversationQuerySchema = lazySchema(() =>
  z.object({
    before: z
      .string()
      .regex(/^\d{1,18}$/, 'must be a message id')
      .optional(),
  }),
);
export const conversationPageSchema = lazySchema(() => z.object({ messages: z.array(directMessageSchema), hasMore: z.boolean() }));
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** POST /api/messages/:userId { body }: the rule (`directMessageText` in @rpg/game) trims it and says when it is blank or over 1000 characters. */
export const sendMessageBodySchema = lazySchema(() => z.strictObject({ body: text(4000, { multiline: true }) }));
export const sendMessageResponseSchema = lazySchema(() => z.object({ message: directMessageSchema }));

/** POST /api/messages/:userId/read: how many were marked. */
export const markReadResponseSchema = lazySchema(() => z.object({ marked: z.number().int() }));
