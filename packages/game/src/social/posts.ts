import { RuleError } from '../errors.ts';

/** Our limits (the spec gives none): a post's text and a comment's. */
export const POST_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 500;

/** Spec 03 §5 posts. */
export const POST_NEEDS_CONTENT = 'Post must have content or image.';
export const POST_TOO_LONG = `Posts are at most ${POST_MAX_LENGTH} characters.`;
export const COMMENT_BLANK = 'Write a comment first.';
export const COMMENT_TOO_LONG = `Comments are at most ${COMMENT_MAX_LENGTH} characters.`;
export const POST_NOT_FOUND = 'Post not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const NOT_YOUR_POST = 'Only the author can change this post.';
export const NOT_YOUR_COMMENT = 'Only the comment author or the post author can delete this comment.';
export const POST_BLOCKED = "You cannot like or comment on this player's posts.";

/** Our limit (the spec gives none): the bytes of post images one player may keep. */
export const POST_IMAGE_QUOTA_BYTES = 50 * 1024 * 1024;
export const POST_IMAGE_QUOTA_MESSAGE = 'Your post images use all of your 50 MB. Delete a post with an image to upload another.';
export const USER_NOT_FOUND = 'User not found';
export const IMAGE_NOT_FOUND = 'The image was not found. Please upload it again.';

/** Spec 03 §5: a post, or the post a comment or a like is for, that is not there (or not visible). */
export function postNotFound(): RuleError {
  return new RuleError('post_not_found', POST_NOT_FOUND, { status: 404 });
}

/** Spec 03 §5: the feed of a player that is not there. */
export function userNotFound(): RuleError {
  return new RuleError('user_not_found', USER_NOT_FOUND, { status: 404 });
}

/** Spec 03 §5 posts with an image: the image named is not one this player uploaded and has not posted yet. */
export function imageNotFound(): RuleError {
  return new RuleError('image_not_found', IMAGE_NOT_FOUND);
}

/** Spec 03 §5 posts with an image: an upload that would take the player's images past POST_IMAGE_QUOTA_BYTES is refused. */
export function checkImageQuota(usedBytes: number, addedBytes: number): void {
  if (usedBytes + addedBytes > POST_IMAGE_QUOTA_BYTES) throw new RuleError('image_quota', POST_IMAGE_QUOTA_MESSAGE, { status: 409 });
}

/** Spec 03 §5 posts: a post needs text or an image; the stored text is trimmed. */
export function postText(raw: string, hasImage: boolean): string {
  const text = raw.trim();
  if (text === '' && !hasImage) throw new RuleError('post_empty', POST_NEEDS_CONTENT);
  if (text.length > POST_MAX_LENGTH) throw new RuleError('post_too_long', POST_TOO_LONG);
  return text;
}

/** Spec 03 §5 comments: non-blank text. */
export function commentText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new RuleError('comment_blank', COMMENT_BLANK);
  if (text.length > COMMENT_MAX_LENGTH) throw new RuleError('comment_too_long', COMMENT_TOO_LONG);
  return text;
}

/** Spec 03 §5/§6: only the author edits or deletes a post (404 for a post that is not there). */
export function assertPostAuthor(post: { authorId: string } | undefined, userId: string): void {
  if (!post) throw postNotFound();
  if (post.authorId !== userId) throw new RuleError('not_post_author', NOT_YOUR_POST, { status: 403 });
}

/** Spec 03 §5: a post whose text changed more than this after it was made shows 'edited'. */
export const POST_EDITED_AFTER_MS = 1000;

/** Spec 03 §5: whether a post shows 'edited' (its own insert, a moment apart, does not count). */
export function isPostEdited(post: { createdAt: Date; updatedAt: Date }): boolean {
  return post.updatedAt.getTime() - post.createdAt.getTime() > POST_EDITED_AFTER_MS;
}

/** A comment is deleted by whoever wrote it, or by the author of the post it is on. */
export function canDeleteComment(comment: { authorId: string; postAuthorId: string }, userId: string): boolean {
  return comment.authorId === userId || comment.postAuthorId === userId;
}

/** `canDeleteComment` as a refusal: 404 for a comment that is not there, 403 for someone else's. */
export function assertCanDeleteComment(comment: { authorId: string; postAuthorId: string } | undefined, userId: string): void {
  if (!comment) throw new RuleError('comment_not_found', COMMENT_NOT_FOUND, { status: 404 });
  if (!canDeleteComment(comment, userId)) throw new RuleError('not_comment_author', NOT_YOUR_COMMENT, { status: 403 });
}

/**
 * docs/decisions/social.md, "Blocks": no like and no comment on the posts of a player
 * who blocked you or whom you blocked (a block either way, as for requests and messages).
 */
export function assertCanReact(state: { blocked: boolean }): void {
  if (state.blocked) throw new RuleError('post_blocked', POST_BLOCKED, { status: 403 });
}
