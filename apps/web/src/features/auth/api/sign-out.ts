import { runAuthCall, type AuthResult } from '../lib/auth-result';
import { loadAuthClient } from './auth-client';
import { broadcastSessionChange } from './session';

/** POST /api/auth/sign-out: ends this device's session; the server marks the player offline. */
export async function signOutSession(): Promise<AuthResult<unknown>> {
  const result = await runAuthCall(async () => (await loadAuthClient()).signOut());
  // Other tabs read their session again (what better-auth's useSession broadcast).
  if (result.ok) broadcastSessionChange('signout');
  return result;
}

/** POST /api/auth/revoke-other-sessions: ends every other session of the account (other browsers, devices). */
export function revokeOtherSessions() {
  return runAuthCall(async () => (await loadAuthClient()).revokeOtherSessions());
}

/**
 * Spec 01 section 4 "sign out globally" (DECISIONS section 4): every session of the account ends.
 * The other sessions go first, while this one still proves who the player is; then this device
 * signs out as usual (offline mark, 'signed-out' to its tabs). A 401 from the first step means this
 * session had already ended, so only the local sign-out is left to do.
 */
export async function signOutEverywhere(): Promise<AuthResult<unknown>> {
  const others = await revokeOtherSessions();
  if (!others.ok && others.error.status !== 401) return others;
  return signOutSession();
}

export type SignOutScope = 'everywhere' | 'device';
