import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { postComments, postLikes, posts, users } from '../schema/index.ts';
import { blockedEitherWay, blockPeersOf, isoTime, viewerParam as viewer } from './columns.ts';

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
 * A post as one viewer reads it (issue 25, docs/decisions.md "Blocks and posts"): the likes and
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
      likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} not in ${blockPeersOf(viewerId)})`,
      likedByMe: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
      commentCount: sql<number>`(select count(*)::int from ${postComments} where ${postComments.postId} = ${posts.id} and ${postComments.authorId} not in ${blockPeersOf(viewerId)})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId));
}

/** The posts `viewerId` may read: none of a player in a block with them, either way (issue 25). */
const visibleTo = (viewerId: string) => sql`not ${blockedEitherWay(posts.authorId, viewerId)}`;

/**
 * One page of a player's feed, newest first: `limit` posts strictly older than the post
 * `before` (by time, then id). A `before` that is not one of the author's posts starts at the top.
 * None when the author and the viewer are in a block, either way.
 */
export async function listPosts(db: DbOrTx, authorId: string, viewerId: string, limit: number, before?: string): Promise<PostRow[]> {
  // The cursor's time as the database holds it (to the microsecond: a Date would cut it to the
  // millisecond and skip a post made in the same millisecond, a few microseconds before it).
  const [cursor] = before ? await db.select({ createdAt: sql<string>`${posts.createdAt}::text`, id: posts.id }).from(posts).where(and(eq(posts.id, before), eq(posts.authorId, authorId))) : [];
  const at = cursor && sql`${cursor.createdAt}::timestamptz`;
  const older = cursor && at ? or(lt(posts.createdAt, at), and(eq(posts.createdAt, at), lt(posts.id, cursor.id))) : undefined;
  return selectPosts(db, viewerId)
    .where(and(eq(posts.authorId, authorId), visibleTo(viewerId), older))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/**
 * postView of the posts row `x` by the users row `u` for the viewer placeholder, as the JSON text
 * JSON.stringify makes of it: row_to_json writes the keys in postView's order; the avatar and the
 * image as avatarUrl and uploadUrl make them; the times as toISOString writes them, and `edited`
 * from them as the Dates held them (milliseconds, cut).
 */
const postJson = sql`(select row_to_json(v) from (select x.id,
    (select row_to_json(a) from (select u.id, u.username, case when u.avatar_url is null or u.avatar_url = '' then null when starts_with(u.avatar_url, '/') or starts_with(u.avatar_url, 'http:') or starts_with(u.avatar_url, 'https:') then u.avatar_url else '/uploads/' || u.avatar_url end as "avatarUrl") a) as author,
    x.text, case when x.image_path is null or x.image_path = '' then null else '/uploads/' || x.image_path end as "imageUrl",
    ${isoTime(sql`x.created_at`)} as "createdAt", ${isoTime(sql`x.updated_at`)} as "updatedAt",
    date_trunc('milliseconds', x.updated_at) - date_trunc('milliseconds', x.created_at) > interval '1 second' as edited,
    (select count(*)::int from "post_likes" l where l.post_id = x.id and l.user_id not in ${blockPeersOf(viewer)}) as "likeCount",
    exists (select 1 from "post_likes" l where l.post_id = x.id and l.user_id = ${viewer}) as "likedByMe",
    (select count(*)::int from "post_comments" c where c.post_id = x.id and c.author_id not in ${blockPeersOf(viewer)}) as "commentCount",
    x.author_id = ${viewer} as "isMine") v)`;

type FeedValues = { authorId: string; viewerId: string; limit: number; fetch: number; before?: string };

const feedJson = (before: boolean) =>
  prepared<FeedValues, Array<{ json: string | null }>>(before ? 'user_posts_json_before' : 'user_posts_json', (db) => {
    const [author, limit] = [sql.placeholder('authorId'), sql.placeholder('limit')];
    // listPosts' cursor: the post `before` only if it is the author's, its time to the microsecond.
    const cursor = before ? sql` left join (select b.created_at as at, b.id from "posts" b where b.id = ${sql.placeholder('before')} and b.author_id = ${author}) c on true` : sql``;
    const older = before ? sql` and (c.id is null or x.created_at < c.at or (x.created_at = c.at and x.id < c.id))` : sql``;
    // listPosts' rows: the author's newest `fetch` (older than the cursor), numbered from the newest;
    // none when the author and the viewer are in a block, either way.
    const rows = sql`select x.id::text as id, row_number() over (order by x.created_at desc, x.id desc) as n, ${postJson}::text as json from "posts" x join "users" u on u.id = x.author_id${cursor} where x.author_id = ${author} and not ${blockedEitherWay(author, viewer)}${older} order by x.created_at desc, x.id desc limit ${sql.placeholder('fetch')}`;
    return db
      .select({
        json: sql<string | null>`(select case when exists (select 1 from "users" o where o.id = ${author}) then '{"posts":[' || coalesce(string_agg(p.json, ',' order by p.n) filter (where p.n <= ${limit}), '') || '],"nextCursor":' || case when count(*) > ${limit} then to_json(min(p.id) filter (where p.n = ${limit}))::text else 'null' end || '}' end from (${rows}) p)`,
      })
      .from(sql`(select 1) as one`);
  });
const newestFeedJson = feedJson(false);
const feedBeforeJson = feedJson(true);

/**
 * GET /api/users/:userId/posts' answer: listPosts' page of `limit` (one more read for nextCursor) as
 * `{ posts, nextCursor }` of postView, the JSON text JSON.stringify makes of it (a test holds the two
 * equal); undefined when the author is no player.
 */
export async function postFeedJson(db: DbOrTx, authorId: string, viewerId: string, limit: number, before?: string): Promise<string | undefined> {
  const values = { authorId, viewerId, limit, fetch: limit + 1 };
  const [row] = before === undefined ? await newestFeedJson(db, values) : await feedBeforeJson(db, { ...values, before });
  return row?.json ?? undefined;
}

/** The post as `viewerId` reads it; undefined when it is not there or its author and the viewer are in a block. */
export async function getPost(db: DbOrTx, postId: string, viewerId: string): Promise<PostRow | undefined> {
  const [row] = await selectPosts(db, viewerId).where(and(eq(posts.id, postId), visibleTo(viewerId)));
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

/** The post's likes as `viewerId` counts them: not those of players in a block with the viewer. */
export async function countLikes(db: DbOrTx, postId: string, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), sql`${postLikes.userId} not in ${blockPeersOf(viewerId)}`));
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
export async function listComments(db: DbOrTx, postId: string, viewerId: string, limit: number, before?: string): Promise<{ rows: CommentRow[]; hasOlder: boolean }> {
  const [cursor] = before
    ? await db.select({ createdAt: sql<string>`${postComments.createdAt}::text`, id: postComments.id }).from(postComments).where(and(eq(postComments.id, before), eq(postComments.postId, postId)))
    : [];
  if (before && !cursor) return { rows: [], hasOlder: false };
  const at = cursor && sql`${cursor.createdAt}::timestamptz`;
  const older = cursor && at ? or(lt(postComments.createdAt, at), and(eq(postComments.createdAt, at), lt(postComments.id, cursor.id))) : undefined;
  const rows = await selectComments(db)
    .where(and(eq(postComments.postId, postId), sql`${postComments.authorId} not in ${blockPeersOf(viewerId)}`, older))
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
