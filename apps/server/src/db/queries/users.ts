import { eq, sql } from 'drizzle-orm';
import { usernameCandidate } from '@rpg/game';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { isUsernameClash } from './social.ts';
import { authUser, users } from '../schema/index.ts';
import { likeEscape } from './columns.ts';

/** Spec 01 §3: the part of the e-mail before the @, or 'user_' and a timestamp if none. */
export function usernameFromEmail(email: string, now = Date.now()): string {
  const local = email.split('@')[0]?.trim() ?? '';
  return local.length > 0 ? local.slice(0, 40) : `user_${now}`;
}

/**
 * Spec 01 §4 "signed in": mark the user online, set last_seen and last_login,
 * and create the profile row the first time (one statement, so two tabs signing
 * in at once cannot create it twice). DECISIONS §4: the username is unique
 * case-insensitively; a clash gets a numeric suffix (bob, bob2, ...).
 */
export async function recordSignIn(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  const [account] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId));
  if (!account) return;
  const seen = { lastLogin: now, isOnline: true, lastSeen: now, email: account.email };
  const existing = await db.update(users).set(seen).where(eq(users.id, userId)).returning({ id: users.id });
  if (existing.length > 0) return;
  const base = usernameFromEmail(account.email, now.getTime());
  for (let attempt = 1; ; attempt += 1) {
    const username = await freeUsername(db, base, attempt);
    try {
      await db
        .insert(users)
        .values({ id: userId, username, updatedAt: now, ...seen })
        .onConflictDoUpdate({ target: users.id, set: { lastLogin: now, isOnline: true, lastSeen: now, email: sql`excluded.email` } });
      return;
    } catch (error) {
      // Another sign-up took the name between the look-up and the insert: try the next one.
      if (!isUsernameClash(error) || attempt >= 20) throw error;
    }
  }
}

/** The first of base, base2, base3, ... from `from` on that no player holds (case-insensitively). */
async function freeUsername(db: DbOrTx, base: string, from: number): Promise<string> {
  const taken = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${likeEscape(base.slice(0, 30).toLowerCase())}%`}`);
  const names = new Set(taken.map((t) => t.name));
  for (let attempt = from; ; attempt += 1) {
    const candidate = usernameCandidate(base, attempt);
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

export async function markOffline(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ isOnline: false, lastSeen: now }).where(eq(users.id, userId));
}

const profileOf = prepared('profile_of', (db) => db.select().from(users).where(eq(users.id, sql.placeholder('userId'))));

export async function getProfile(db: DbOrTx, userId: string) {
  const [row] = await profileOf(db, { userId });
  return row;
}
