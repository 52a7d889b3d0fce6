import type { KeyValueStore } from '@/lib/storage';
import { HOME_PATH, isAuthPath, isCharacterCreationPath, isProtectedPath, normalisePath } from './route-access';

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
 * The first-visit welcome, once per player and tab session:
 * - 'welcome': toast 'Welcome to the game!', set the flag, go to /game;
 * - 'mark': set the flag only; the player is already on /game, on a page they asked for
 *   (a protected path, e.g. the one they return to after logging in), or creating a character;
 * - 'none': nothing yet (not verified, already done, or on /auth, which navigates by itself).
 */
export type WelcomeStep = 'none' | 'mark' | 'welcome';

export function welcomeStep(pathname: string, user: GuardUser, session: KeyValueStore): WelcomeStep {
  if (!user.emailVerified || session.getItem(profileSetupKey(user.id))) return 'none';
  if (isAuthPath(pathname)) return 'none';
  if (isProtectedPath(pathname) || isCharacterCreationPath(pathname)) return 'mark';
  return 'welcome';
}
