import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { postComments, postLikes, posts, users } from '../schema/index.ts';

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
      likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id})`,
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
      commentCount: sql<number>`(select count(*)::int from ${postComments} where ${postComments.postId} = ${posts.id})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId));
}

/**
 * One page of a player's feed, newest first: `limit` posts strictly older than the post
 * `before` (by time, then id). A `before` that is not one of the author's posts starts at the top.
 */
export async function listPosts(db: DbOrTx, authorId: string, viewerId: string, limit: number, before?: string): Promise<PostRow[]> {
  const [cursor] = before ? await db.select({ createdAt: posts.createdAt, id: posts.id }).from(posts).where(and(eq(posts.id, before), eq(posts.authorId, authorId))) : [];
  const older = cursor ? or(lt(posts.createdAt, cursor.createdAt), and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id))) : undefined;
  return selectPosts(db, viewerId)
    .where(and(eq(posts.authorId, authorId), older))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export async function getPost(db: DbOrTx, postId: string, viewerId: string): Promise<PostRow | undefined> {
  const [row] = await selectPosts(db, viewerId).where(eq(posts.id, postId));
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
  await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing({ target: [postLikes.postId, postLikes.userId] });
}

export async function removeLike(db: DbOrTx, postId: string, userId: string): Promise<void> {
  await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
}

export async function countLikes(db: DbOrTx, postId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(eq(postLikes.postId, postId));
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

/** The post's comments, oldest first (at most `limit`, the newest of them). */
export async function listComments(db: DbOrTx, postId: string, limit: number): Promise<CommentRow[]> {
  const rows = await selectComments(db)
    .where(eq(postComments.postId, postId))
    .orderBy(desc(postComments.createdAt), desc(postComments.id))
    .limit(limit);
  return rows.reverse();
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
