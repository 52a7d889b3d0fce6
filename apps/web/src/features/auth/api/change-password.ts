import { runAuthCall } from '../lib/auth-result';
import { authClient } from './auth-client';

/**
 * POST /api/auth/change-password (DECISIONS section 2): the current password is checked, the new
 * one needs 6 characters or more, and every other session of the player is signed out.
 */
export function changePassword(currentPassword: string, newPassword: string) {
  return runAuthCall(() => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
}
