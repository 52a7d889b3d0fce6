import type { KeyValueStore } from '@/lib/storage';
import { GAME_PATH, HOME_PATH, isAuthPath, isCharacterCreationPath, isProtectedPath, normalisePath } from './route-access';

/** Spec 01 section 4, "Route guard": per-user flags and the device data cleared on user change. */
export const LAST_USER_ID_KEY = 'lastUserId';
export const USER_LOCAL_DATA_KEYS = [
  'playerCharacters',
  'activeCharacterId',
  'playerCharacter',
  'selectedCharacter',
  'characterBeingCreated',
  'adventureState',
] as const;

export const emailVerifiedToastKey = (userId: string) => `emailVerifiedToastShown:${userId}`;
export const profileSetupKey = (userId: string) => `profileSetupDone:${userId}`;

export interface GuardUser {
  id: string;
  emailVerified: boolean;
}

/**
 * When the signed-in player differs from the last one seen on this device, clears the previous
 * player's local data and remembers the new id. Returns whether anything was cleared.
 */
export function syncStoredUser(userId: string, local: KeyValueStore): boolean {
  if (local.getItem(LAST_USER_ID_KEY) === userId) return false;
  for (const key of USER_LOCAL_DATA_KEYS) local.removeItem(key);
  local.setItem(LAST_USER_ID_KEY, userId);
  return true;
}

/** 'Email Verified!' once per tab session, on the home path, for a verified player. */
export function shouldToastEmailVerified(pathname: string, user: GuardUser, session: KeyValueStore): boolean {
  return normalisePath(pathname) === HOME_PATH && user.emailVerified && !session.getItem(emailVerifiedToastKey(user.id));
}

/**
 * The first-visit welcome (spec 01 section 4), once per player and tab session, for a new player:
 * one whose account has no characters yet, as the server's character list says. That is a player
 * on their first sign-in (and one who has not made a character since).
 * - 'welcome': toast 'Welcome to the game!', set the flag, go to /game (from /, /landing, /welcome, 404);
 * - 'toast': the toast and the flag only, on /game (where logging in lands);
 * - 'mark': set the flag only: a returning player, or a new one creating a character or on a page
 *   they asked for (a protected path, e.g. the one they return to after logging in);
 * - 'none': nothing yet (not verified, already done, on /auth, or the character list not known yet).
 */
export type WelcomeStep = 'none' | 'mark' | 'toast' | 'welcome';

/** Whether the welcome is still to be decided here, so the character list is needed. */
export function welcomePending(pathname: string, user: GuardUser, session: KeyValueStore): boolean {
  return user.emailVerified && !session.getItem(profileSetupKey(user.id)) && !isAuthPath(pathname);
}

/** `newPlayer`: the account has no characters (null while the list is loading or failed). */
export function welcomeStep(pathname: string, user: GuardUser, session: KeyValueStore, newPlayer: boolean | null): WelcomeStep {
  if (!welcomePending(pathname, user, session) || newPlayer === null) return 'none';
  if (!newPlayer || isCharacterCreationPath(pathname)) return 'mark';
  if (normalisePath(pathname) === GAME_PATH) return 'toast';
  if (isProtectedPath(pathname)) return 'mark';
  return 'welcome';
}
