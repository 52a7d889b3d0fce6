import { CHAT_HISTORY_SIZE } from '@rpg/game';
import { and, desc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { achievementProgress, chatMessages, chatMutes, playerCharacterAppearance, playerCharacters, users } from '../schema/index.ts';
import { viewerParam as viewer } from './columns.ts';
import { blockPeersOf, visibleTo } from './relations.ts';

/** A line with its player's name and battle-pass title now (spec 03 §4 rewards: the title beside the name). */
export type ChatMessageRow = typeof chatMessages.$inferSelect & { username: string | null; title: string | null };
export type NewChatMessage = typeof chatMessages.$inferInsert;

const selectLines = (db: DbOrTx) =>
  db
    .select({ message: chatMessages, username: users.username, title: achievementProgress.title })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(achievementProgress, eq(achievementProgress.userId, chatMessages.userId));

const flatten = (rows: { message: typeof chatMessages.$inferSelect; username: string | null; title: string | null }[]): ChatMessageRow[] =>
  rows.map((r) => ({ ...r.message, username: r.username, title: r.title }));

/**
 * The ids of the CHAT_HISTORY_SIZE newest lines the viewer reads. The limit is in the statement's
 * text, not a parameter (drizzle's `.limit()` makes one): under `limit $n` PostgreSQL's generic
 * plan guesses a tenth of the table, so on a world of a million lines it planned the statement
 * again at every run (docs/simulate.md, "The world and two processes").
 */
const newestLineIds = (db: DbOrTx) =>
  sql`(select ${chatMessages.id} from ${chatMessages} where ${and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(chatMutes)
        .where(and(eq(chatMutes.userId, viewer), eq(chatMutes.mutedUserId, chatMessages.userId))),
    ),
    sql`(${chatMessages.userId} is null or ${visibleTo(viewer, chatMessages.userId)})`,
  )} order by ${chatMessages.id} desc limit ${sql.raw(String(CHAT_HISTORY_SIZE))})`;

/** The newest lines the viewer reads (`viewerId`); exported for its plan's test (world-reads.test.ts). */
export const chatLinesQuery = (db: DbOrTx) =>
  selectLines(db)
    .where(inArray(chatMessages.id, newestLineIds(db)))
    .orderBy(desc(chatMessages.id));
const linesRead = prepared('chat_lines', chatLinesQuery);

const mutesRead = prepared('chat_mutes', (db) =>
  db
    .select({ userId: chatMutes.mutedUserId, username: users.username })
    .from(chatMutes)
    .innerJoin(users, eq(users.id, chatMutes.mutedUserId))
    .where(eq(chatMutes.userId, viewer))
    .orderBy(users.username),
);

/**
 * GET /api/chat's reads, two statements started together.
 * Spec 03 §9: the last CHAT_HISTORY_SIZE lines of the global chat, oldest first, without the
 * lines of players the viewer muted (DECISIONS §4: a personal mute list) nor of players in a block
 * with the viewer, either way (issue 25); and the viewer's mutes.
 */
export async function readChat(db: DbOrTx, viewerId: string): Promise<{ lines: ChatMessageRow[]; muted: Array<{ userId: string; username: string }> }> {
  const [lines, muted] = await Promise.all([linesRead(db, { viewerId }), mutesRead(db, { viewerId })]);
  return { lines: flatten(lines).reverse(), muted };
}

/** The newest lines kept for every reader (services/read-caches.ts): twice what one reads, so that filters seldom leave fewer. */
export const SHARED_CHAT_LINES = 2 * CHAT_HISTORY_SIZE;

/** The newest SHARED_CHAT_LINES lines as every player sees them before their own filter (the limit in the text, see newestLineIds). */
const newestRead = prepared('chat_newest', (db) =>
  selectLines(db)
    .where(
      inArray(
        chatMessages.id,
        sql`(select ${chatMessages.id} from ${chatMessages} order by ${chatMessages.id} desc limit ${sql.raw(String(SHARED_CHAT_LINES))})`,
      ),
    )
    .orderBy(desc(chatMessages.id)),
);

/** The chat's newest SHARED_CHAT_LINES lines, oldest first, for every reader. */
export async function readNewestLines(db: DbOrTx): Promise<ChatMessageRow[]> {
  return flatten(await newestRead(db, {})).reverse();
}

const blockPeersRead = prepared('chat_block_peers', (db) => db.select({ userId: sql<string>`p.id` }).from(sql`${blockPeersOf(viewer)} as p(id)`));

/** What the viewer does not read in the chat (readChat's filter, for a shared copy of the lines): their mutes by name, and the players in a block with them either way. */
export async function readChatFilter(db: DbOrTx, viewerId: string): Promise<{ muted: Array<{ userId: string; username: string }>; blockPeers: string[] }> {
  const [muted, peers] = await Promise.all([mutesRead(db, { viewerId }), blockPeersRead(db, { viewerId })]);
  return { muted, blockPeers: peers.map((p) => p.userId) };
}

export async function getChatLine(db: DbOrTx, id: number): Promise<ChatMessageRow | undefined> {
  const [row] = flatten(await selectLines(db).where(eq(chatMessages.id, id)));
  return row;
}

/** Whether the chat has ever had a line (the Game Master's welcome is written when not). */
export async function chatIsEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: chatMessages.id }).from(chatMessages).limit(1);
  return rows.length === 0;
}

/** A system line, written once per key (two first visitors at once: one row). Answers whether it was written. */
export async function insertSystemLine(db: DbOrTx, line: NewChatMessage & { systemKey: string }): Promise<boolean> {
  const rows = await db.insert(chatMessages).values(line).onConflictDoNothing({ target: chatMessages.systemKey }).returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** When the player's lines of the last `windowMs` were said (the throttle, seen by every process). */
export async function recentLineTimes(tx: Tx, userId: string, windowMs: number, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - windowMs);
  const rows = await tx
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), gt(chatMessages.createdAt, since)));
  return rows.map((r) => r.createdAt);
}

export async function insertChatLine(tx: Tx, line: NewChatMessage): Promise<number> {
  const [row] = await tx.insert(chatMessages).values(line).returning({ id: chatMessages.id });
  return row!.id;
}

/**
 * The player's active character with what a chat line shows of it, KEY SHARE locked as
 * holdActiveCharacters locks it (the line's achievement count takes it as held).
 */
export async function activeCharacterSnapshot(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: playerCharacters.id,
      name: playerCharacters.name,
      race: playerCharacters.race,
      characterClass: playerCharacters.characterClass,
      level: playerCharacters.level,
      avatarPath: playerCharacters.avatarPath,
      appearance: {
        hairStyle: playerCharacterAppearance.hairStyle,
        hairColor: playerCharacterAppearance.hairColor,
        eyeColor: playerCharacterAppearance.eyeColor,
        clothesStyle: playerCharacterAppearance.clothesStyle,
        skinTone: playerCharacterAppearance.skinTone,
      },
    })
    .from(playerCharacters)
    .leftJoin(playerCharacterAppearance, eq(playerCharacterAppearance.characterId, playerCharacters.id))
    .where(and(eq(playerCharacters.userId, userId), eq(playerCharacters.isActive, true)))
    .for('key share', { of: playerCharacters });
  return row;
}

/** The player's mutes, by name. */
export async function listMutes(db: DbOrTx, userId: string): Promise<{ userId: string; username: string }[]> {
  return mutesRead(db, { viewerId: userId });
}

export async function addMute(db: DbOrTx, userId: string, mutedUserId: string): Promise<void> {
  await db
    .insert(chatMutes)
    .values({ userId, mutedUserId })
    .onConflictDoNothing({ target: [chatMutes.userId, chatMutes.mutedUserId] });
}

export async function removeMute(db: DbOrTx, userId: string, mutedUserId: string): Promise<void> {
  await db.delete(chatMutes).where(and(eq(chatMutes.userId, userId), eq(chatMutes.mutedUserId, mutedUserId)));
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [userId]));
  return rows.length > 0;
}
