/**
 * The API's shapes for posts, comments, likes (spec 03 §2 own/another profile feed, §3 Post and
 * Comment, §5, DECISIONS §2 one like per player) and the global player chat (spec 03 §2/§3/§4,
 * DECISIONS §4 throttle, length limit, report, personal mute list).
 */
import { CHAT_MAX_LENGTH, COMMENT_MAX_LENGTH, POST_MAX_LENGTH } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { appearanceSchema } from './characters.ts';
import { idInput, text } from './input.ts';

const int = lazySchema(() => z.number().int());
/** ISO 8601. */
const instant = lazySchema(() => z.string());

/** A player as others see them: the username and avatar only (DECISIONS §4: never the e-mail). */
export const publicAuthorSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
  }),
);
export type PublicAuthor = z.infer<typeof publicAuthorSchema>;

export const postViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    author: publicAuthorSchema,
    text: z.string(),
    /** '/uploads/posts/...' or null. */
    imageUrl: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    /** Changed after it was posted. */
    edited: z.boolean(),
    likeCount: int,
    /** The signed-in player likes it (DECISIONS §2: one like per player, toggled). */
    likedByMe: z.boolean(),
    commentCount: int,
    /** The signed-in player wrote it: edit and delete are offered (spec 03 §5). */
    isMine: z.boolean(),
  }),
);
export type PostView = z.infer<typeof postViewSchema>;

/** GET /api/users/:userId/posts?before=<postId>: newest first, a page at a time. */
export const postFeedSchema = lazySchema(() =>
  z.strictObject({
    posts: z.array(postViewSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
);
export type PostFeed = z.infer<typeof postFeedSchema>;
export const POST_PAGE_SIZE = 10;

export const userPostsParamsSchema = lazySchema(() => z.object({ userId: idInput }));
export const postFeedQuerySchema = lazySchema(() => z.object({ before: idInput.optional() }));
export const postParamsSchema = lazySchema(() => z.object({ postId: idInput }));
export const commentParamsSchema = lazySchema(() => z.object({ postId: idInput, commentId: idInput }));

/** A stored image for a post to come: the name POST /api/posts/images answered. */
export const postImageIdSchema = lazySchema(() => z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp|gif)$/, 'must be an uploaded image id'));
/** POST /api/posts/images (multipart, field 'file'): the image, checked by its bytes, kept for the post. */
export const postImageResponseSchema = lazySchema(() => z.strictObject({ imageId: z.string(), imageUrl: z.string() }));
export type PostImageResponse = z.infer<typeof postImageResponseSchema>;

/** POST /api/posts: text, an image uploaded first, or both (spec 03 §5: 'Post must have content or image.'). */
export const createPostBodySchema = lazySchema(() =>
  z.strictObject({
    text: text(POST_MAX_LENGTH, { multiline: true, tooLong: `Posts are at most ${POST_MAX_LENGTH} characters.` }).default(''),
    imageId: postImageIdSchema.nullish(),
  }),
);
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/** PATCH /api/posts/:postId: new text ('Post updated!'); the image stays. */
export const updatePostBodySchema = lazySchema(() =>
  z.strictObject({
    text: text(POST_MAX_LENGTH, { multiline: true, tooLong: `Posts are at most ${POST_MAX_LENGTH} characters.` }),
  }),
);
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

export const postResponseSchema = lazySchema(() => z.strictObject({ post: postViewSchema }));
export type PostResponse = z.infer<typeof postResponseSchema>;

/** PUT /api/posts/:postId/like (like) and DELETE (unlike): both idempotent, so parallel clicks count once. */
export const likeResponseSchema = lazySchema(() => z.strictObject({ liked: z.boolean(), likeCount: int }));
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const commentViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    postId: z.string(),
    author: publicAuthorSchema,
    text: z.string(),
    createdAt: instant,
    /** The comment's author or the post's author. */
    canDelete: z.boolean(),
  }),
);
export type CommentView = z.infer<typeof commentViewSchema>;

/** GET /api/posts/:postId/comments?before=<commentId>: the newest page (or the page older than `before`), oldest first. */
export const commentListSchema = lazySchema(() =>
  z.strictObject({
    comments: z.array(commentViewSchema),
    /** Pass as `before` for the next (older) page; null on the oldest page. */
    olderCursor: z.string().nullable(),
  }),
);
export const COMMENT_PAGE_SIZE = 50;
export const commentsQuerySchema = lazySchema(() => z.object({ before: idInput.optional() }));
export type CommentList = z.infer<typeof commentListSchema>;

export const createCommentBodySchema = lazySchema(() =>
  z.strictObject({
    text: text(COMMENT_MAX_LENGTH, { multiline: true, tooLong: `Comments are at most ${COMMENT_MAX_LENGTH} characters.` }),
  }),
);
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;
export const commentResponseSchema = lazySchema(() => z.strictObject({ comment: commentViewSchema }));
export type CommentResponse = z.infer<typeof commentResponseSchema>;

export const okResponseSchema = lazySchema(() => z.strictObject({ ok: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// The global player chat.

/** Spec 03 §3 "Chat message": the line and the character that said it, as it was then. */
export const chatMessageViewSchema = lazySchema(() =>
  z.strictObject({
    id: int,
    /** 'system': the Game Master (level 999, no user). */
    kind: z.enum(['player', 'system']),
    userId: z.string().nullable(),
    /** The player's public name (DECISIONS §4). */
    username: z.string().nullable(),
    character: z.strictObject({
      id: z.string().nullable(),
      name: z.string(),
      race: z.string(),
      characterClass: z.string(),
      level: int,
      portraitUrl: z.string().nullable(),
      /** Drawn as the sheet draws it when there is no uploaded picture; null for the Game Master and old lines. */
      appearance: appearanceSchema.nullable(),
    }),
    /** The player's battle-pass title now (spec 03 §4 rewards), beside the name; null without one. */
    title: z.string().nullable(),
    text: z.string(),
    createdAt: instant,
  }),
);
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const chatMuteSchema = lazySchema(() => z.strictObject({ userId: z.string(), username: z.string() }));
export type ChatMute = z.infer<typeof chatMuteSchema>;

/** GET /api/chat: the last 50 lines (oldest first) without those of players I muted, and my mute list. */
export const chatViewSchema = lazySchema(() =>
  z.strictObject({
    messages: z.array(chatMessageViewSchema),
    muted: z.array(chatMuteSchema),
  }),
);
export type ChatView = z.infer<typeof chatViewSchema>;

/** POST /api/chat { text }: said by the active character. */
export const sendChatBodySchema = lazySchema(() =>
  z.strictObject({
    // Trimmed and checked for blank by the rule (chatLineText); the cap here stops a huge body early.
    text: text(CHAT_MAX_LENGTH + 100, { multiline: true, tooLong: `Messages are at most ${CHAT_MAX_LENGTH} characters.` }),
  }),
);
export type SendChatBody = z.input<typeof sendChatBodySchema>;
export const sendChatResponseSchema = lazySchema(() => z.strictObject({ message: chatMessageViewSchema }));

export const chatMessageParamsSchema = lazySchema(() =>
  z.object({
    messageId: z
      .string()
      .regex(/^\d{1,15}$/, 'must be a message id')
      .transform(Number),
  }),
);
/** POST /api/chat/messages/:messageId/report { reason? }: stored for a moderator (DECISIONS §4). */
export const reportChatBodySchema = lazySchema(() => z.strictObject({ reason: text(200).nullish() }).nullish());
export const chatUserParamsSchema = lazySchema(() => z.object({ userId: idInput }));

/** Broadcast to every tab when a player says a line in the global chat. */
export const chatMessagePushSchema = lazySchema(() => z.strictObject({ type: z.literal('chat-message'), message: chatMessageViewSchema }));
export type ChatMessagePush = z.infer<typeof chatMessagePushSchema>;

/** Spec 03 §8 texts of the feed, shown by the web app. */
export const POST_TEXTS = {
  created: 'Post created!',
  updated: 'Post updated!',
  deleted: 'Post deleted',
  commentAdded: 'Comment added',
  createFailed: 'Failed to create post!',
  commentFailed: 'Failed to add comment',
  noPosts: 'No Posts Yet',
  noComments: 'No comments yet. Be the first to comment!',
  confirmDelete: 'Are you sure you want to delete this post?',
} as const;
