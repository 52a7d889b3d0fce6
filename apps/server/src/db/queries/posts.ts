import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { postComments, postLikes, posts, users } from '../schema/index.ts';
import { viewerParam as viewer } from './columns.ts';
import { visibleTo } from './relations.ts';

/** A post as the feed shows it to one viewer. */
export interface PostRow {
  id: string;
  authorId: string;
  authorName: string;
  authorAvatar: string | null;
  text: string;
  imagePath: string | null;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
}

export interface CommentRow {
  id: string;
  postId: string;
  postAuthorId: string;
  authorId: string;
  authorName: string;
  authorAvatar: string | null;
  text: string;
  createdAt: Date;
}

/**
 * A post as one viewer reads it (docs/decisions/social.md, "Blocks"): the likes and
 * comments of players in a block with the viewer, either way, are not counted.
 */
function selectPosts(db: DbOrTx, viewerId: string) {
  return db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      authorName: users.username,
      authorAvatar: users.avatarUrl,
      text: posts.text,
      imagePath: posts.imagePath,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${visibleTo(viewerId, postLikes.userId)})`,
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
      commentCount: sql<number>`(select count(*)::int from ${postComments} where ${postComments.postId} = ${posts.id} and ${visibleTo(viewerId, postComments.authorId)})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId));
}

const author = alias(users, 'a');
/** A posts row `x` of a statement as the feed reads it for the viewer placeholder (selectPosts' counts). */
const feedColumns = {
  id: sql<string>`x.id`,
  authorId: author.id,
  authorName: author.username,
  authorAvatar: author.avatarUrl,
  text: sql<string>`x.text`,
  imagePath: sql<string | null>`x.image_path`,
  createdAt: sql<Date>`x.created_at`.mapWith(posts.createdAt),
  updatedAt: sql<Date>`x.updated_at`.mapWith(posts.updatedAt),
  likeCount: sql<number>`(select count(*)::int from "post_likes" l where l.post_id = x.id and ${visibleTo(viewer, sql`l.user_id`)})`,
  likedByMe: sql<boolean>`exists (select 1 from "post_likes" l where l.post_id = x.id and l.user_id = ${viewer})`,
  commentCount: sql<number>`(select count(*)::int from "post_comments" c where c.post_id = x.id and ${visibleTo(viewer, sql`c.author_id`)})`,
};

const feed = (before: boolean) =>
  prepared(before ? 'user_posts_before' : 'user_posts', (db) => {
    const authorId = sql.placeholder('authorId');
    // listPosts' cursor: the post `before` only if it is the author's, its time to the microsecond.
    const cursor = before
      ? sql` left join (select b.created_at as at, b.id from "posts" b where b.id = ${sql.placeholder('before')} and b.author_id = ${authorId}) c on true`
      : sql``;
    const older = before ? sql` and (c.id is null or x.created_at < c.at or (x.created_at = c.at and x.id < c.id))` : sql``;
    // listPosts' rows: the author's newest `fetch` (older than the cursor); none when the author and the viewer are in a block, either way.
    const rows = sql`lateral (select x.* from "posts" x${cursor} where x.author_id = ${authorId} and ${visibleTo(viewer, authorId)}${older}
      order by x.created_at desc, x.id desc limit ${sql.placeholder('fetch')}) x`;
    return db
      .select(feedColumns)
      .from(author)
      .leftJoin(rows, sql`true`)
      .where(eq(author.id, authorId))
      .orderBy(sql`x.created_at desc`, sql`x.id desc`);
  });
const newestFeed = feed(false);
const feedBefore = feed(true);

/**
 * One page of a player's feed in one statement, newest first: `limit` posts strictly older than the
 * post `before` (by time, then id; one that is not the author's starts at the top), and the id to
 * read on from when older ones remain. None when the author and the viewer are in a block, either
 * way; undefined when the author is no player.
 */
export async function readFeed(
  db: DbOrTx,
  authorId: string,
  viewerId: string,
  limit: number,
  before?: string,
): Promise<{ rows: PostRow[]; nextCursor: string | null } | undefined> {
  const values = { authorId, viewerId, fetch: limit + 1 };
  const found = before === undefined ? await newestFeed(db, values) : await feedBefore(db, { ...values, before });
  if (found.length === 0) return undefined;
  const rows = found.filter((r) => r.id !== null) as PostRow[];
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** The post as `viewerId` reads it; undefined when it is not there or its author and the viewer are in a block. */
export async function getPost(db: DbOrTx, postId: string, viewerId: string): Promise<PostRow | undefined> {
  const [row] = await selectPosts(db, viewerId).where(and(eq(posts.id, postId), visibleTo(viewerId, posts.authorId)));
  return row;
}

/** The post's author, with the row locked (edit, delete). */
export async function lockPost(tx: Tx, postId: string): Promise<{ authorId: string; imagePath: string | null } | undefined> {
  const [row] = await tx.select({ authorId: posts.authorId, imagePath: posts.imagePath }).from(posts).where(eq(posts.id, postId)).for('update');
  return row;
}

/** The post's author, the row held (key share) so it cannot be deleted before a like or a comment on it is written. */
export async function holdPost(tx: Tx, postId: string): Promise<string | undefined> {
  const [row] = await tx.select({ authorId: posts.authorId }).from(posts).where(eq(posts.id, postId)).for('key share');
  return row?.authorId;
}

export async function insertPost(tx: Tx, authorId: string, text: string, imagePath: string | null): Promise<string> {
  const [row] = await tx.insert(posts).values({ authorId, text, imagePath }).returning({ id: posts.id });
  return row!.id;
}

export async function updatePostText(tx: Tx, postId: string, authorId: string, text: string): Promise<void> {
  await tx
    .update(posts)
    .set({ text, updatedAt: sql`now()` })
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)));
}

export async function deletePost(tx: Tx, postId: string, authorId: string): Promise<void> {
  await tx.delete(posts).where(and(eq(posts.id, postId), eq(posts.authorId, authorId)));
}

/** DECISIONS §2: one like per player per post. Parallel likes meet on the key; one row stays. */
export async function addLike(db: DbOrTx, postId: string, userId: string): Promise<void> {
  await db
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing({ target: [postLikes.postId, postLikes.userId] });
}

export async function removeLike(db: DbOrTx, postId: string, userId: string): Promise<void> {
  await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
}

/** The post's likes as `viewerId` counts them: not those of players in a block with the viewer. */
export async function countLikes(db: DbOrTx, postId: string, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), visibleTo(viewerId, postLikes.userId)));
  return row?.n ?? 0;
}

export async function hasLiked(db: DbOrTx, postId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
  return rows.length > 0;
}

function selectComments(db: DbOrTx) {
  return db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      postAuthorId: posts.authorId,
      authorId: postComments.authorId,
      authorName: users.username,
      authorAvatar: users.avatarUrl,
      text: postComments.text,
      createdAt: postComments.createdAt,
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .innerJoin(users, eq(users.id, postComments.authorId));
}

/**
 * A page of the post's comments, oldest first: the newest `limit`, or those older than the
 * comment `before` (of this post; its time to the microsecond, as listPosts reads its cursor);
 * `hasOlder` when older ones remain. Comments of players in a block with `viewerId` are left out.
 */
export async function listComments(
  db: DbOrTx,
  postId: string,
  viewerId: string,
  limit: number,
  before?: string,
): Promise<{ rows: CommentRow[]; hasOlder: boolean }> {
  const [cursor] = before
    ? await db
        .select({ createdAt: sql<string>`${postComments.createdAt}::text`, id: postComments.id })
        .from(postComments)
        .where(and(eq(postComments.id, before), eq(postComments.postId, postId)))
    : [];
  if (before && !cursor) return { rows: [], hasOlder: false };
  const at = cursor && sql`${cursor.createdAt}::timestamptz`;
  const older = cursor && at ? or(lt(postComments.createdAt, at), and(eq(postComments.createdAt, at), lt(postComments.id, cursor.id))) : undefined;
  const rows = await selectComments(db)
    .where(and(eq(postComments.postId, postId), visibleTo(viewerId, postComments.authorId), older))
    .orderBy(desc(postComments.createdAt), desc(postComments.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
}

export async function getComment(db: DbOrTx, postId: string, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await selectComments(db).where(and(eq(postComments.id, commentId), eq(postComments.postId, postId)));
  return row;
}

export async function insertComment(tx: Tx, postId: string, authorId: string, text: string): Promise<string> {
  const [row] = await tx.insert(postComments).values({ postId, authorId, text }).returning({ id: postComments.id });
  return row!.id;
}

export async function deleteComment(tx: Tx, commentId: string): Promise<void> {
  await tx.delete(postComments).where(eq(postComments.id, commentId));
}
