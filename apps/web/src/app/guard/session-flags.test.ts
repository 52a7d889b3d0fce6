import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@/lib/storage';
import {
  LAST_USER_ID_KEY,
  USER_LOCAL_DATA_KEYS,
  emailVerifiedToastKey,
  profileSetupKey,
  shouldToastEmailVerified,
  syncStoredUser,
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

describe("spec 01 section 4: first-visit 'Welcome to the game!'", () => {
  it('does nothing for an unverified user or once the flag is set', () => {
    expect(welcomeStep('/', { id: 'u1', emailVerified: false }, fakeStore())).toBe('none');
    expect(welcomeStep('/', verified, fakeStore({ [profileSetupKey('u1')]: '1' }))).toBe('none');
  });

  it('leaves /auth alone: the auth page navigates by itself', () => {
    expect(welcomeStep('/auth', verified, fakeStore())).toBe('none');
  });

  it('only marks the flag on /game, on other protected paths and during character creation', () => {
    for (const path of ['/game', '/store', '/user-profile/9', '/character-creation']) {
      expect(welcomeStep(path, verified, fakeStore())).toBe('mark');
    }
  });

  it('welcomes and redirects from the entry pages', () => {
    for (const path of ['/', '/landing', '/welcome']) expect(welcomeStep(path, verified, fakeStore())).toBe('welcome');
  });
});
