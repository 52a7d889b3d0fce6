import { runAuthCall } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';

/**
 * POST /api/auth/change-password (DECISIONS section 2): the current password is checked, the new
 * one needs 6 characters or more, and every other session of the player is signed out.
 */
export function changePassword(currentPassword: string, newPassword: string) {
  return runAuthCall(async () => (await loadAuthClient()).changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
}
