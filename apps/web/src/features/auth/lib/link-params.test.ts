import { describe, expect, it } from 'vitest';
import { parseAuthLinkParams } from './link-params';

describe('spec 01 section 4: e-mail link handling on /auth', () => {
  it('ignores a plain /auth', () => {
    expect(parseAuthLinkParams('')).toBeNull();
    expect(parseAuthLinkParams('?foo=1')).toBeNull();
  });

  it('reads ?verified=1', () => {
    expect(parseAuthLinkParams('?verified=1')).toEqual({ verified: true, error: null, linkReceived: false });
  });

  it('reads an expired link as an error, not as verified', () => {
    expect(parseAuthLinkParams('?error=TOKEN_EXPIRED&error_description=The%20link%20has%20expired.')).toEqual({
      verified: false,
      error: 'The link has expired.',
      linkReceived: false,
    });
  });

  it('notes type=signup or recovery', () => {
    expect(parseAuthLinkParams('?type=signup')?.linkReceived).toBe(true);
    expect(parseAuthLinkParams('?type=recovery')?.linkReceived).toBe(true);
  });
});
