import { RuleError } from '../errors.ts';

export const USERNAME_MIN_LENGTH = 2;
export const USERNAME_MAX_LENGTH = 40;
/** Spec 03 §5 "Profile". */
export const NO_PROFILE_CHANGES = 'No changes to update.';
export const USERNAME_LENGTH = `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters.`;
/** DECISIONS §4: usernames are unique, case-insensitively. */
export const USERNAME_TAKEN = 'That username is already taken.';

/**
 * Spec 03 §5 "Profile": the new username, trimmed. The same name is 'No changes to update.';
 * a change of letter case only is a change (the name stays the player's own).
 */
export function usernameChange(current: string, requested: string): string {
  const next = requested.trim();
  if (next === current) throw new RuleError('no_changes', NO_PROFILE_CHANGES);
  if (next.length < USERNAME_MIN_LENGTH || next.length > USERNAME_MAX_LENGTH) throw new RuleError('username_length', USERNAME_LENGTH);
  return next;
}

/** DECISIONS §4: a clash gets a numeric suffix: bob, bob2, bob3 … (the base cut so the name fits). */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base.slice(0, USERNAME_MAX_LENGTH);
  const suffix = String(attempt);
  return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
}
