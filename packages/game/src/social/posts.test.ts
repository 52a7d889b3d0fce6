import { describe, expect, it } from 'vitest';
import { ruleErrorOf } from '../errors.testutil.ts';
import {
  assertCanDeleteComment,
  assertCanReact,
  assertPostAuthor,
  canDeleteComment,
  COMMENT_BLANK,
  commentText,
  isPostEdited,
  POST_BLOCKED,
  POST_NEEDS_CONTENT,
  postText,
} from './posts.ts';

describe('posts and comments (spec 03 §5 posts and comments, §6 permissions)', () => {
  it("refuses a post with neither text nor image: 'Post must have content or image.'", () => {
    expect(ruleErrorOf(() => postText('   ', false)).message).toBe(POST_NEEDS_CONTENT);
    expect(POST_NEEDS_CONTENT).toBe('Post must have content or image.');
  });

  it('refuses a post over 2000 characters and a blank or long comment', () => {
    expect(ruleErrorOf(() => postText('x'.repeat(2001), false)).code).toBe('post_too_long');
    expect(ruleErrorOf(() => commentText(' ')).message).toBe(COMMENT_BLANK);
    expect(ruleErrorOf(() => commentText('x'.repeat(501))).code).toBe('comment_too_long');
  });

  it('accepts an image-only post, and trims text', () => {
    expect(postText('  ', true)).toBe('');
    expect(postText(' hi ', false)).toBe('hi');
    expect(commentText(' nice ')).toBe('nice');
  });

  it('lets only the author change a post; a missing post is 404', () => {
    expect(ruleErrorOf(() => assertPostAuthor(undefined, 'a')).status).toBe(404);
    expect(ruleErrorOf(() => assertPostAuthor({ authorId: 'a' }, 'b')).status).toBe(403);
    expect(() => assertPostAuthor({ authorId: 'a' }, 'a')).not.toThrow();
  });

  it('lets the comment author or the post author delete a comment, nobody else', () => {
    expect(ruleErrorOf(() => assertCanDeleteComment({ authorId: 'a', postAuthorId: 'b' }, 'c')).status).toBe(403);
    expect(() => assertCanDeleteComment({ authorId: 'a', postAuthorId: 'b' }, 'a')).not.toThrow();
    expect(() => assertCanDeleteComment({ authorId: 'a', postAuthorId: 'b' }, 'b')).not.toThrow();
    expect(ruleErrorOf(() => assertCanDeleteComment(undefined, 'a')).status).toBe(404);
  });

  it("shows a comment's delete button to the same people the refusal lets through (one rule, issue 47)", () => {
    const comment = { authorId: 'a', postAuthorId: 'b' };
    expect(canDeleteComment(comment, 'c')).toBe(false);
    expect(canDeleteComment(comment, 'a')).toBe(true);
    expect(canDeleteComment(comment, 'b')).toBe(true);
  });

  it("marks a post 'edited' only when its text changed more than a second after it was made (spec 03 §5)", () => {
    const createdAt = new Date('2026-01-01T10:00:00.000Z');
    expect(isPostEdited({ createdAt, updatedAt: createdAt })).toBe(false);
    expect(isPostEdited({ createdAt, updatedAt: new Date('2026-01-01T10:00:01.000Z') })).toBe(false);
    expect(isPostEdited({ createdAt, updatedAt: new Date('2026-01-01T10:00:01.001Z') })).toBe(true);
    expect(isPostEdited({ createdAt, updatedAt: new Date('2026-01-02T09:00:00.000Z') })).toBe(true);
  });

  it("refuses a like or a comment across a block, either way (issue 25): 'You cannot like or comment on this player's posts.'", () => {
    const refusal = ruleErrorOf(() => assertCanReact({ blocked: true }));
    expect(refusal.message).toBe(POST_BLOCKED);
    expect(refusal.status).toBe(403);
    expect(POST_BLOCKED).toBe("You cannot like or comment on this player's posts.");
    expect(() => assertCanReact({ blocked: false })).not.toThrow();
  });
});
