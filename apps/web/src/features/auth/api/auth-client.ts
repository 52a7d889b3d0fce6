import { lazyModule } from '@/lib/lazy-module';
import type { authClient } from './better-auth-client';

/**
 * better-auth's client, loaded with the first auth call (sign-in, sign-up, verification, sign-out,
 * password change) rather than with every page: the session itself is read by session.ts.
 */
export type AuthClient = typeof authClient;

const client = lazyModule(() => import('./better-auth-client').then((module) => module.authClient));

export function loadAuthClient(): Promise<AuthClient> {
  return client.load();
}
