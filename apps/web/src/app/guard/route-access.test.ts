import { describe, expect, it } from 'vitest';
import { guardDecision, isProtectedPath, PROTECTED_PREFIXES, showsBackToGame } from './route-access';

describe('spec 01 section 2: protected routes by path prefix', () => {
  it.each(['/', '/auth', '/welcome', '/landing', '/character-creation', '/no-such-page', '/storefront', '/gamer', '/profiles'])('leaves %s public', (path) =>
    expect(isProtectedPath(path)).toBe(false),
  );

  it.each([...PROTECTED_PREFIXES, '/user-profile/42', '/store/', '/STORE', '/settings/audio'])('protects %s', (path) =>
    expect(isProtectedPath(path)).toBe(true),
  );

  it('lists exactly the ten protected routes of the table', () => {
    expect([...PROTECTED_PREFIXES].sort()).toEqual(
      ['/achievements', '/auction', '/game', '/leaderboards', '/play', '/profile', '/settings', '/skill-tree', '/store', '/user-profile'].sort(),
    );
  });
});

describe('spec 01 section 2: guard decision', () => {
  it('redirects a signed-out visitor on a protected path', () => {
    expect(guardDecision({ pathname: '/store', signedIn: false, isPending: false })).toBe('redirect');
  });

  it('waits with a spinner while the session loads on a protected path', () => {
    expect(guardDecision({ pathname: '/game', signedIn: false, isPending: true })).toBe('wait');
  });

  it('renders public paths at once, even while the session loads', () => {
    expect(guardDecision({ pathname: '/auth', signedIn: false, isPending: true })).toBe('render');
    expect(guardDecision({ pathname: '/', signedIn: false, isPending: false })).toBe('render');
  });

  it('renders protected paths for a signed-in player', () => {
    expect(guardDecision({ pathname: '/achievements', signedIn: true, isPending: false })).toBe('render');
  });
});

describe('spec 01 section 2: Back to Game', () => {
  it('is hidden on /game and /', () => {
    expect(showsBackToGame('/game')).toBe(false);
    expect(showsBackToGame('/game/')).toBe(false);
    expect(showsBackToGame('/')).toBe(false);
  });

  it('is shown on every other route', () => {
    for (const path of ['/store', '/play', '/user-profile/7', '/character-creation']) expect(showsBackToGame(path)).toBe(true);
  });
});
