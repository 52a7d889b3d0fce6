import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../client.ts';
import {
  auctionListings,
  authSession,
  authUser,
  authVerification,
  blocks,
  chatMessages,
  directMessages,
  friendships,
  gifts,
  ledgerEntries,
  playerCharacterInventory,
  playerCharacters,
  postComments,
  postImages,
  posts,
  users,
} from '../schema/index.ts';
import { friendshipOf } from './relations.ts';

/** better-auth's e-mail OTP identifiers of an address (`<type>-otp-<email>`, its plugin's toOTPIdentifier). */
const otpIdentifiers = (email: string) => ['email-verification', 'forget-password', 'sign-in'].map((type) => `${type}-otp-${email}`);

/**
 * Issue 43: an unverified account gives its address up to a new sign-up. Deletes the account (its
 * sessions and password rows go with it: cascade) and every code mailed to the address, only while
 * it is still unverified. True when it was deleted.
 */
export async function replaceUnverifiedAccount(db: Db, userId: string, email: string): Promise<boolean> {
  const gone = await db
    .delete(authUser)
    .where(and(eq(authUser.id, userId), eq(authUser.emailVerified, false)))
    .returning({ id: authUser.id });
  if (gone.length === 0) return false;
  await db.delete(authVerification).where(inArray(authVerification.identifier, otpIdentifiers(email.toLowerCase())));
  return true;
}

/** The credential password hash of an account (a sign-in that raced a reset compares it: routes/auth.ts). */
export async function passwordHashOf(db: DbOrTx, email: string): Promise<string | null> {
  const result = await db.execute<{ password: string | null }>(sql`
    select a.password from auth_account a join ${authUser} u on u.id = a.user_id
    where u.email = ${email.toLowerCase()} and a.provider_id = 'credential'`);
  return result.rows[0]?.password ?? null;
}

export async function deleteSessionByToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.token, token));
}

/** A checked session was used: its `updated_at` is its "last seen" on the settings screen, written at most every five minutes. */
export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.execute(sql`update ${authSession} set updated_at = now() where id = ${sessionId} and updated_at < now() - interval '5 minutes'`);
}

/** The uploads an account's deletion leaves on disk: profile images, post images, character images (relative to uploads/ or as URLs). */
export async function accountUploads(tx: Tx, userId: string): Promise<{ urls: Array<string | null>; paths: Array<string | null> }> {
  const [profile] = await tx.select({ avatar: users.avatarUrl, banner: users.bannerUrl }).from(users).where(eq(users.id, userId));
  const characters = await tx
    .select({ avatar: playerCharacters.avatarPath, background: playerCharacters.backgroundPath })
    .from(playerCharacters)
    .where(eq(playerCharacters.userId, userId));
  const images = await tx.select({ path: postImages.path }).from(postImages).where(eq(postImages.ownerId, userId));
  const postPaths = await tx.select({ path: posts.imagePath }).from(posts).where(eq(posts.authorId, userId));
  return {
    urls: [profile?.avatar ?? null, profile?.banner ?? null],
    paths: [...characters.flatMap((c) => [c.avatar, c.background]), ...images.map((i) => i.path), ...postPaths.map((p) => p.path)],
  };
}

/** The account's characters, oldest first (the order a deletion walks them). */
export async function characterIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: playerCharacters.id }).from(playerCharacters).where(eq(playerCharacters.userId, userId)).orderBy(asc(playerCharacters.id));
  return rows.map((r) => r.id);
}

/** The account row itself: everything of the player's cascades from it (users, sessions, posts, messages, friends...). */
export async function deleteAuthUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(authUser).where(eq(authUser.id, userId));
}

/**
 * Issue 43, "Download my data": every row the game keeps of the account, as stored (never a
 * password hash or a session token). One snapshot (a read-only transaction): the parts agree.
 */
export async function accountRows(tx: Tx, userId: string) {
  const [account] = await tx
    .select({ id: authUser.id, email: authUser.email, emailVerified: authUser.emailVerified, createdAt: authUser.createdAt })
    .from(authUser)
    .where(eq(authUser.id, userId));
  const [profile] = await tx.select().from(users).where(eq(users.id, userId));
  const sessions = await tx
    .select({
      id: authSession.id,
      signedInAt: authSession.createdAt,
      lastSeen: authSession.updatedAt,
      expiresAt: authSession.expiresAt,
      ipAddress: authSession.ipAddress,
      userAgent: authSession.userAgent,
    })
    .from(authSession)
    .where(eq(authSession.userId, userId));
  const characters = await tx.select().from(playerCharacters).where(eq(playerCharacters.userId, userId)).orderBy(asc(playerCharacters.createdAt));
  const ids = characters.map((c) => c.id);
  const none = ids.length === 0;
  const inventory = none ? [] : await tx.select().from(playerCharacterInventory).where(inArray(playerCharacterInventory.characterId, ids));
  const ledger = none
    ? []
    : await tx
        .select()
        .from(ledgerEntries)
        .where(or(inArray(ledgerEntries.fromCharacterId, ids), inArray(ledgerEntries.toCharacterId, ids)))
        .orderBy(asc(ledgerEntries.id));
  return {
    account,
    profile,
    sessions,
    characters,
    inventory,
    ledger,
    auctionListings: await tx
      .select()
      .from(auctionListings)
      .where(or(eq(auctionListings.sellerUserId, userId), eq(auctionListings.buyerUserId, userId))),
    messages: await tx
      .select()
      .from(directMessages)
      .where(or(eq(directMessages.senderId, userId), eq(directMessages.receiverId, userId)))
      .orderBy(asc(directMessages.id)),
    posts: await tx.select().from(posts).where(eq(posts.authorId, userId)),
    comments: await tx.select().from(postComments).where(eq(postComments.authorId, userId)),
    chatLines: await tx.select().from(chatMessages).where(eq(chatMessages.userId, userId)).orderBy(asc(chatMessages.id)),
    friends: await tx.select().from(friendships).where(friendshipOf(userId)),
    blocks: await tx.select().from(blocks).where(eq(blocks.blockerId, userId)),
    gifts: await tx
      .select()
      .from(gifts)
      .where(or(eq(gifts.fromUserId, userId), eq(gifts.toUserId, userId))),
  };
}
