import { RuleError } from '../errors.ts';

/**
 * An account's own life cycle (docs/decisions/accounts.md): its sessions, leaving the
 * game, a copy of its data. The refusals a player reads, and what the screens say.
 */

/** Unverified accounts are deleted this long after their sign-up (their address is free before that: a new sign-up replaces them). */
export const UNVERIFIED_ACCOUNT_DAYS = 7;

/** The warning the settings screen shows before an account is deleted. */
export const ACCOUNT_DELETION_WARNING =
  'Deleting your account removes it for good: your characters with their copper, items and auction listings,' +
  ' your posts and comments, your messages, friends and chat lines, your images and every signed-in device.' +
  ' Other players keep what they bought from you or were given. This cannot be undone.';

/** Spec 01 §8's text for a wrong current password, here when deleting the account. */
export function wrongPasswordRefusal(): RuleError {
  return new RuleError('invalid_password', 'Current password is incorrect', { title: 'Account Not Deleted', status: 400 });
}

export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password to delete your account.';

export function passwordRequiredRefusal(): RuleError {
  return new RuleError('password_required', PASSWORD_REQUIRED_MESSAGE, { title: 'Account Not Deleted', status: 400 });
}

/** A signed-in account whose profile (or whole account) is not there: 404, as for any missing row. */
export function profileNotFound(): RuleError {
  return new RuleError('not_found', 'Profile not found', { status: 404 });
}

export function accountNotFound(): RuleError {
  return new RuleError('not_found', 'Account not found', { status: 404 });
}

/** A "Sign out" of a device that is not (or no longer) one of the player's sessions. */
export function unknownSessionRefusal(): RuleError {
  return new RuleError('session_not_found', 'That device is already signed out.', { title: 'Not Signed Out', status: 404 });
}

/** "Sign out" of this very device goes through the ordinary sign-out (presence, this tab's own sign-out). */
export function currentSessionRefusal(): RuleError {
  return new RuleError('current_session', 'This is the device you are using: sign out from the account menu.', { title: 'Not Signed Out', status: 400 });
}

/** A short name of the browser and system a session's User-Agent names, for the devices list ("Firefox on Windows"). */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Unknown browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return system ? `${browser} on ${system}` : browser;
}
