import { RuleError } from '../errors.ts';
import { assertNotReserved, normalizeName } from '../names/names.ts';

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;
/** Spec 03 §5 "Profile". */
export const NO_PROFILE_CHANGES = 'No changes to update.';
export const USERNAME_LENGTH = `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters.`;
/** DECISIONS §4: usernames are unique, case-insensitively. */
export const USERNAME_TAKEN = 'That username is already taken.';
/** DECISIONS §4: a player that is not there (a profile, a friend, a message's other side). */
export const PLAYER_NOT_FOUND = 'Player not found';

export function usernameTaken(): RuleError {
  return new RuleError('username_taken', USERNAME_TAKEN, { status: 409 });
}

export function playerNotFound(): RuleError {
  return new RuleError('player_not_found', PLAYER_NOT_FOUND, { status: 404 });
}

/**
 * Spec 03 §5 "Profile": the new username, normalized (names/names.ts: NFKC, trimmed, no invisible
 * characters, no look-alike alphabets mixed). The same name is 'No changes to update.'; a change
 * of letter case only is a change (the name stays the player's own). A name that passes for the
 * game or its staff is refused (issue 25).
 */
export function usernameChange(current: string, requested: string): string {
  const next = normalizeName(requested, 'username');
  if (next === current) throw new RuleError('no_changes', NO_PROFILE_CHANGES);
  if (next.length < USERNAME_MIN_LENGTH || next.length > USERNAME_MAX_LENGTH) throw new RuleError('username_length', USERNAME_LENGTH);
  assertNotReserved(next);
  return next;
}
