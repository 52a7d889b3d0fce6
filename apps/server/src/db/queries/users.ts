import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createRng, defaultUsername, type Rng } from '@rpg/game';
import type { DbOrTx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { isUsernameClash } from './social.ts';
import { authUser, users } from '../schema/index.ts';

/**
 * Spec 01 §4 "signed in": mark the user online, set last_seen and last_login,
 * and create the profile row the first time (one statement, so two tabs signing
 * in at once cannot create it twice). The first username is a generated
 * adventurer's name (defaultUsername), never the e-mail's local part as spec 01 §3
 * had it (issue 25: it mapped addresses to players, docs/decisions/accounts.md, "Usernames"). Usernames
 * are unique case-insensitively (DECISIONS §4): a clash draws another name.
 */
export async function recordSignIn(db: DbOrTx, userId: string, now = new Date(), rng: Rng = createRng(randomBytes(16).toString('hex'))): Promise<void> {
  const [account] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, userId));
  if (!account) return;
  const seen = { lastLogin: now, isOnline: true, lastSeen: now, email: account.email };
  const existing = await db.update(users).set(seen).where(eq(users.id, userId)).returning({ id: users.id });
  if (existing.length > 0) return;
  for (let attempt = 1; ; attempt += 1) {
    const username = await freeUsername(db, rng);
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

/** A generated username no player holds (case-insensitively): drawn again while taken. */
async function freeUsername(db: DbOrTx, rng: Rng): Promise<string> {
  for (;;) {
    const candidate = defaultUsername(rng);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`);
    if (!taken) return candidate;
  }
}

export async function markOffline(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ isOnline: false, lastSeen: now }).where(eq(users.id, userId));
}

const profileOf = prepared('profile_of', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

export async function getProfile(db: DbOrTx, userId: string) {
  const [row] = await profileOf(db, { userId });
  return row;
}
