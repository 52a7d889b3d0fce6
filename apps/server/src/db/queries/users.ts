import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { authUser, users } from '../schema/index.ts';

/** Spec 01 §3: the part of the e-mail before the @, or 'user_' and a timestamp if none. */
export function usernameFromEmail(email: string, now = Date.now()): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local.length > 0 ? local.slice(0, 40) : `user_${now}`;
}

/**
 * Spec 01 §4 "signed in": mark the user online, set last_seen and last_login,
 * and create the profile row the first time (one statement, so two tabs signing
 * in at once cannot create it twice).
 */
export async function recordSignIn(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  const [account] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId));
  if (!account) return;
  await db
    .insert(users)
    .values({
      id: userId,
      email: account.email,
      username: usernameFromEmail(account.email, now.getTime()),
      lastLogin: now,
      isOnline: true,
      lastSeen: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: users.id,
      set: { lastLogin: now, isOnline: true, lastSeen: now, email: sql`excluded.email` },
    });
}

export async function markOffline(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ isOnline: false, lastSeen: now }).where(eq(users.id, userId));
}

export async function getProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
