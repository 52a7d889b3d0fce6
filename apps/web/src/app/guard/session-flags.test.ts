import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@/lib/storage';
import {
  LAST_USER_ID_KEY,
  USER_LOCAL_DATA_KEYS,
  emailVerifiedToastKey,
  profileSetupKey,
  shouldToastEmailVerified,
  syncStoredUser,
  welcomePending,
  welcomeStep,
} from './session-flags';

function fakeStore(initial: Record<string, string> = {}): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const verified = { id: 'u1', emailVerified: true };

describe('spec 01 section 4: clearing device data when the user changes', () => {
  it('clears the six keys and stores the new id when a different user signs in', () => {
    const local = fakeStore({ [LAST_USER_ID_KEY]: 'u0', gameSettings: '{}', ...Object.fromEntries(USER_LOCAL_DATA_KEYS.map((k) => [k, 'x'])) });
    expect(syncStoredUser('u1', local)).toBe(true);
    for (const key of USER_LOCAL_DATA_KEYS) expect(local.values.has(key)).toBe(false);
    expect(local.values.get(LAST_USER_ID_KEY)).toBe('u1');
    expect(local.values.get('gameSettings')).toBe('{}');
  });

  it('keeps the data when the same user returns', () => {
    const local = fakeStore({ [LAST_USER_ID_KEY]: 'u1', playerCharacters: '[]' });
    expect(syncStoredUser('u1', local)).toBe(false);
    expect(local.values.get('playerCharacters')).toBe('[]');
  });
});

describe("spec 01 section 4: 'Email Verified!' once per session on the home path", () => {
  it('is not shown off the home path, to unverified users, or a second time', () => {
    expect(shouldToastEmailVerified('/store', verified, fakeStore())).toBe(false);
    expect(shouldToastEmailVerified('/', { id: 'u1', emailVerified: false }, fakeStore())).toBe(false);
    expect(shouldToastEmailVerified('/', verified, fakeStore({ [emailVerifiedToastKey('u1')]: '1' }))).toBe(false);
  });

  it('is shown on / for a verified user the first time', () => {
    expect(shouldToastEmailVerified('/', verified, fakeStore())).toBe(true);
  });

  it('is tracked per user', () => {
    expect(shouldToastEmailVerified('/', { id: 'u2', emailVerified: true }, fakeStore({ [emailVerifiedToastKey('u1')]: '1' }))).toBe(true);
  });
});

describe("spec 01 section 4: first-visit 'Welcome to the game!' for a new player", () => {
  it('does nothing for an unverified user, once the flag is set, or while the character list is unknown', () => {
    expect(welcomeStep('/', { id: 'u1', emailVerified: false }, fakeStore(), true)).toBe('none');
    expect(welcomeStep('/', verified, fakeStore({ [profileSetupKey('u1')]: '1' }), true)).toBe('none');
    expect(welcomeStep('/', verified, fakeStore(), null)).toBe('none');
    expect(welcomePending('/', verified, fakeStore({ [profileSetupKey('u1')]: '1' }))).toBe(false);
  });

  it('leaves /auth alone: the auth page navigates by itself', () => {
    expect(welcomePending('/auth', verified, fakeStore())).toBe(false);
    expect(welcomeStep('/auth', verified, fakeStore(), true)).toBe('none');
  });

  it('only marks the flag for a returning player (who has characters), wherever they are', () => {
    for (const path of ['/', '/landing', '/game', '/store']) expect(welcomeStep(path, verified, fakeStore(), false)).toBe('mark');
  });

  it('greets a new player on /game, where logging in lands, without redirecting', () => {
    expect(welcomeStep('/game', verified, fakeStore(), true)).toBe('toast');
  });

  it('only marks the flag during character creation and on other pages the new player asked for', () => {
    for (const path of ['/character-creation', '/store', '/user-profile/9']) {
      expect(welcomeStep(path, verified, fakeStore(), true)).toBe('mark');
    }
  });

  it('welcomes a new player and redirects from the entry pages', () => {
    for (const path of ['/', '/landing', '/welcome', '/no/such/page']) expect(welcomeStep(path, verified, fakeStore(), true)).toBe('welcome');
  });
});
