import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  commentListSchema,
  commentsQuerySchema,
  COMMENT_PAGE_SIZE,
  commentParamsSchema,
  commentResponseSchema,
  createCommentBodySchema,
  createPostBodySchema,
  emptyBody,
  emptyQuery,
  invalidatePush,
  likeResponseSchema,
  okResponseSchema,
  POST_PAGE_SIZE,
  postFeedQuerySchema,
  postFeedSchema,
  postImageResponseSchema,
  postParamsSchema,
  postResponseSchema,
  queryKeys,
  updatePostBodySchema,
  userPostsParamsSchema,
  type CommentList,
  type CommentResponse,
  type CommentView,
  type LikeResponse,
  type PostImageResponse,
  type PostResponse,
  type PostFeed,
  type PostView,
} from '@rpg/contract';
import {
  assertCanDeleteComment,
  assertCanReact,
  assertPostAuthor,
  canDeleteComment,
  commentText,
  isPostEdited,
  imageNotFound,
  postNotFound,
  postText,
  userNotFound,
} from '@rpg/game';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { isBlockedEitherWay } from '../db/queries/friendships.ts';
import {
  addLike,
  countLikes,
  deleteComment,
  deletePost,
  getComment,
  getPost,
  hasLiked,
  holdPost,
  insertComment,
  insertPost,
  listComments,
  lockPost,
  readFeed,
  removeLike,
  updatePostText,
  type CommentRow,
  type PostRow,
} from '../db/queries/posts.ts';
import { attachPostImage } from '../db/queries/uploads.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import { player, type requireUser } from '../http/session.ts';
import { readImage, removeUpload } from '../http/uploads.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, recordEvents } from '../services/achievements.ts';
import { storePostImage } from '../services/uploads.ts';
import { isUuid } from './inventory.ts';
import { transaction } from '../db/transaction.ts';

export interface PostRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** DATA_DIR: post images go to DATA_DIR/uploads/posts/<player folder>/. */
  dataDir: string;
  /** RATE_LIMIT_FACTOR: scales the per-player throttles of posts, comments and likes. */
  rateLimitFactor: number;
}

const uploadUrl = (relative: string | null) => (relative ? `/uploads/${relative}` : null);
/** Avatars are stored as a path under /uploads or as a full URL. */
const avatarUrl = (stored: string | null) => (!stored ? null : /^(\/|https?:)/.test(stored) ? stored : `/uploads/${stored}`);
/** A player's image folder: a hash of the id, so no id can reach outside the uploads folder. */
const postFolder = (userId: string) => `posts/${createHash('sha256').update(userId).digest('hex').slice(0, 24)}`;

function postView(row: PostRow, viewerId: string): PostView {
  return {
    id: row.id,
    author: { id: row.authorId, username: row.authorName, avatarUrl: avatarUrl(row.authorAvatar) },
    text: row.text,
    imageUrl: uploadUrl(row.imagePath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    edited: isPostEdited(row),
    likeCount: row.likeCount,
    likedByMe: row.likedByMe,
    commentCount: row.commentCount,
    isMine: row.authorId === viewerId,
  };
}

/** GET /api/users/:userId/posts: a page of posts, and the post to read on from. */
function postFeedView(feed: { rows: readonly PostRow[]; nextCursor: string | null }, viewerId: string): PostFeed {
  return { posts: feed.rows.map((row) => postView(row, viewerId)), nextCursor: feed.nextCursor };
}

function commentView(row: CommentRow, viewerId: string): CommentView {
  return {
    id: row.id,
    postId: row.postId,
    author: { id: row.authorId, username: row.authorName, avatarUrl: avatarUrl(row.authorAvatar) },
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    canDelete: canDeleteComment(row, viewerId),
  };
}

/** The post's author, the row held against deletion until the transaction ends (a like or a comment on it). */
async function postAuthorHeld(tx: Tx, postId: string): Promise<string> {
  if (!isUuid(postId)) throw postNotFound();
  const authorId = await holdPost(tx, postId);
  if (!authorId) throw postNotFound();
  return authorId;
}

/** The post's author, held as postAuthorHeld does, when `userId` may like or comment on it: no block either way. */
async function reactablePostAuthor(tx: Tx, postId: string, userId: string): Promise<string> {
  const authorId = await postAuthorHeld(tx, postId);
  assertCanReact({ blocked: authorId !== userId && (await isBlockedEitherWay(tx, authorId, userId)) });
  return authorId;
}

async function loadPost(db: DbOrTx, postId: string, viewerId: string): Promise<PostView> {
  const row = await getPost(db, postId, viewerId);
  if (!row) throw postNotFound();
  return postView(row, viewerId);
}

/**
 * Spec 03 §2 profile feed, §3 Post and Comment, §5 posts and comments, DECISIONS §2 likes:
 *   GET    /api/users/:userId/posts?before=      a page of the player's feed, newest first
 *   POST   /api/posts/images                     an image for a post to come (multipart 'file')
 *   POST   /api/posts { text, imageId? }         'Post created!'
 *   PATCH  /api/posts/:postId { text }           the author only: 'Post updated!'
 *   DELETE /api/posts/:postId                    the author only: 'Post deleted'
 *   PUT    /api/posts/:postId/like               like (idempotent); DELETE unlikes
 *   GET    /api/posts/:postId/comments?before=   a page of comments (the newest first), oldest first within it
 *   POST   /api/posts/:postId/comments { text }  'Comment added'
 *   DELETE /api/posts/:postId/comments/:commentId  the comment's or the post's author
 * Every change is broadcast as an `invalidate` of the author's feed key: every open tab
 * showing that feed refetches it (likedByMe differs per player, so not the rows themselves).
 * Blocks (docs/decisions/social.md, "Blocks"): between two players in a block, either
 * way, the feed reads empty, a post and its comments 'Post not found', a like or a comment is
 * refused; others' likes and comments of a player in a block with the viewer are neither shown nor
 * counted; the feed's pushes skip the tabs of the players in a block with the author or the actor.
 */
export async function postRoutes(app: FastifyInstance, { db, guard, hub, dataDir, rateLimitFactor }: PostRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The push carries the author's activity (and the actor's): not to the tabs of players in a block with either.
  const feedChanged = (log: FastifyBaseLogger, authorId: string, actorId: string) =>
    pusher(hub, log).broadcast(invalidatePush([queryKeys.posts(authorId)]), authorId === actorId ? [authorId] : [authorId, actorId]);
  // A post written or deleted also changes the Posts counter of the author's profile.
  const postsCounted = (log: FastifyBaseLogger, authorId: string) =>
    pusher(hub, log).broadcast(invalidatePush([queryKeys.posts(authorId), queryKeys.profile(authorId)]), [authorId]);

  const feedSchema = { params: userPostsParamsSchema, querystring: postFeedQuerySchema, response: { 200: postFeedSchema } };
  api.get('/api/users/:userId/posts', { onRequest: guard, schema: feedSchema }, async (request): Promise<PostFeed> => {
    const { userId: viewerId } = player(request);
    const { userId } = request.params;
    const before = request.query.before;
    // One statement: whether the player exists, and the page.
    const feed = await readFeed(db, userId, viewerId, POST_PAGE_SIZE, before && isUuid(before) ? before : undefined);
    if (!feed) throw userNotFound();
    return postFeedView(feed, viewerId);
  });

  const createSchema = { body: createPostBodySchema, response: { 200: postResponseSchema } };
  api.post('/api/posts', { onRequest: guard, schema: createSchema }, async (request): Promise<PostResponse> => {
    const { userId } = player(request);
    await throttlePlayer(db, 'posts', userId, rateLimitFactor);
    const { imageId } = request.body;
    const imagePath = imageId ? `${postFolder(userId)}/${imageId}` : null;
    const text = postText(request.body.text, imagePath !== null);
    const { post, notice } = await transaction(db, async (tx) => {
      const postId = await insertPost(tx, userId, text, imagePath);
      // Only an image this player uploaded, still pending (not posted, not swept): from now on public.
      if (imagePath && !(await attachPostImage(tx, userId, imagePath, postId))) throw imageNotFound();
      const written = await loadPost(tx, postId, userId);
      return { post: written, notice: await recordEvents(tx, userId, [{ type: 'post-created' }]) };
    });
    announceAchievements(pusher(hub, request.log), userId, notice);
    postsCounted(request.log, userId);
    return { post };
  });

  const updateSchema = { params: postParamsSchema, body: updatePostBodySchema, response: { 200: postResponseSchema } };
  api.patch('/api/posts/:postId', { onRequest: guard, schema: updateSchema }, async (request): Promise<PostResponse> => {
    const { userId } = player(request);
    const { postId } = request.params;
    if (!isUuid(postId)) throw postNotFound();
    const post = await transaction(db, async (tx) => {
      const row = await lockPost(tx, postId);
      assertPostAuthor(row, userId);
      await updatePostText(tx, postId, userId, postText(request.body.text, row!.imagePath !== null));
      return loadPost(tx, postId, userId);
    });
    feedChanged(request.log, userId, userId);
    return { post };
  });

  const deleteSchema = { params: postParamsSchema, body: emptyBody, response: { 200: okResponseSchema } };
  api.delete('/api/posts/:postId', { onRequest: guard, schema: deleteSchema }, async (request) => {
    const { userId } = player(request);
    const { postId } = request.params;
    if (!isUuid(postId)) throw postNotFound();
    const imagePath = await transaction(db, async (tx) => {
      const row = await lockPost(tx, postId);
      assertPostAuthor(row, userId);
      await deletePost(tx, postId, userId);
      return row!.imagePath;
    });
    await removeUpload(dataDir, imagePath, request.log);
    postsCounted(request.log, userId);
    return { ok: true as const };
  });

  const likeSchema = { params: postParamsSchema, body: emptyBody, response: { 200: likeResponseSchema } };
  for (const method of ['PUT', 'DELETE'] as const) {
    api.route({
      method,
      url: '/api/posts/:postId/like',
      onRequest: guard,
      schema: likeSchema,
      handler: async (request): Promise<LikeResponse> => {
        const { userId } = player(request);
        // A like and an unlike count alike: toggling makes every open feed refetch.
        await throttlePlayer(db, 'likes', userId, rateLimitFactor);
        const { postId } = request.params;
        const { authorId, answer } = await transaction(db, async (tx) => {
          // A like is refused across a block; taking one back is not.
          const author = method === 'PUT' ? await reactablePostAuthor(tx, postId, userId) : await postAuthorHeld(tx, postId);
          if (method === 'PUT') await addLike(tx, postId, userId);
          else await removeLike(tx, postId, userId);
          return { authorId: author, answer: { liked: await hasLiked(tx, postId, userId), likeCount: await countLikes(tx, postId, userId) } };
        });
        feedChanged(request.log, authorId, userId);
        return answer;
      },
    });
  }

  const commentsSchema = { params: postParamsSchema, querystring: commentsQuerySchema, response: { 200: commentListSchema } };
  api.get('/api/posts/:postId/comments', { onRequest: guard, schema: commentsSchema }, async (request): Promise<CommentList> => {
    const { userId } = player(request);
    const { postId } = request.params;
    if (!isUuid(postId) || !(await getPost(db, postId, userId))) throw postNotFound();
    const { before } = request.query;
    if (before !== undefined && !isUuid(before)) return { comments: [], olderCursor: null };
    const { rows, hasOlder } = await listComments(db, postId, userId, COMMENT_PAGE_SIZE, before);
    return { comments: rows.map((row) => commentView(row, userId)), olderCursor: hasOlder ? (rows[0]?.id ?? null) : null };
  });

  const addCommentSchema = { params: postParamsSchema, body: createCommentBodySchema, response: { 200: commentResponseSchema } };
  api.post('/api/posts/:postId/comments', { onRequest: guard, schema: addCommentSchema }, async (request): Promise<CommentResponse> => {
    const { userId } = player(request);
    await throttlePlayer(db, 'comments', userId, rateLimitFactor);
    const { postId } = request.params;
    const text = commentText(request.body.text);
    const { authorId, comment } = await transaction(db, async (tx) => {
      const author = await reactablePostAuthor(tx, postId, userId);
      const id = await insertComment(tx, postId, userId, text);
      return { authorId: author, comment: commentView((await getComment(tx, postId, id))!, userId) };
    });
    feedChanged(request.log, authorId, userId);
    return { comment };
  });

  const deleteCommentSchema = { params: commentParamsSchema, body: emptyBody, response: { 200: okResponseSchema } };
  api.delete('/api/posts/:postId/comments/:commentId', { onRequest: guard, schema: deleteCommentSchema }, async (request) => {
    const { userId } = player(request);
    const { postId, commentId } = request.params;
    const authorId = await transaction(db, async (tx) => {
      const author = await postAuthorHeld(tx, postId);
      const comment = isUuid(commentId) ? await getComment(tx, postId, commentId) : undefined;
      assertCanDeleteComment(comment, userId);
      await deleteComment(tx, commentId);
      return author;
    });
    feedChanged(request.log, authorId, userId);
    return { ok: true as const };
  });
}

/**
 * POST /api/posts/images (multipart 'file'): an image for a post to come. Registered with the other
 * uploads, in the scope that reads multipart (app.ts).
 */
export async function postImageRoutes(app: FastifyInstance, { db, guard, dataDir }: Pick<PostRouteDeps, 'db' | 'guard' | 'dataDir'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The upload is read by readImage (multipart, checked by its bytes, re-encoded), not by a body schema.
  const imageSchema = { querystring: emptyQuery, consumes: ['multipart/form-data'], response: { 200: postImageResponseSchema } };
  api.post('/api/posts/images', { onRequest: guard, schema: imageSchema }, async (request): Promise<PostImageResponse> => {
    const { userId } = player(request);
    const { bytes } = await readImage(request, 'post');
    const stored = await storePostImage(db, dataDir, userId, postFolder(userId), bytes, request.log);
    return { imageId: path.posix.basename(stored), imageUrl: `/uploads/${stored}` };
  });
}
