import { describe, expect, it } from 'vitest';
import { authRedirectState, returnPathFrom } from './return-path';

describe('spec 01 section 2: the location the visitor came from', () => {
  it('falls back to /game without usable state', () => {
    expect(returnPathFrom(undefined)).toBe('/game');
    expect(returnPathFrom(null)).toBe('/game');
    expect(returnPathFrom({})).toBe('/game');
    expect(returnPathFrom({ from: 'store' })).toBe('/game');
  });

  it('refuses other origins and /auth itself', () => {
    expect(returnPathFrom({ from: { pathname: '//evil.example/x' } })).toBe('/game');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example' } })).toBe('/game');
    expect(returnPathFrom({ from: { pathname: '/auth' } })).toBe('/game');
  });

  it('returns to the protected page with its query and hash', () => {
    const state = authRedirectState({ pathname: '/user-profile/42', search: '?tab=posts', hash: '#top' });
    expect(state).toEqual({ from: { pathname: '/user-profile/42', search: '?tab=posts', hash: '#top' } });
    expect(returnPathFrom(state)).toBe('/user-profile/42?tab=posts#top');
  });
});
