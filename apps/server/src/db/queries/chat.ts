import { and, desc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { achievementProgress, chatMessages, chatMutes, playerCharacterAppearance, playerCharacters, users } from '../schema/index.ts';
import { blockPeersOf, isoTime, viewerParam as viewer } from './columns.ts';

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
 * Spec 03 §9: the last `limit` lines of the global chat, oldest first, without the lines of
 * players `viewerId` muted (DECISIONS §4: a personal mute list) nor of players in a block with
 * `viewerId`, either way (issue 25).
 */
export async function lastChatLines(db: DbOrTx, viewerId: string, limit: number): Promise<ChatMessageRow[]> {
  const muted = db
    .select({ one: sql`1` })
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, viewerId), eq(chatMutes.mutedUserId, chatMessages.userId)));
  const rows = await selectLines(db)
    .where(and(notExists(muted), sql`(${chatMessages.userId} is null or ${chatMessages.userId} not in ${blockPeersOf(viewerId)})`))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return flatten(rows).reverse();
}

/** A chat line as the screen reads it: its time as toISOString writes it. */
export type ChatLineRead = Omit<ChatMessageRow, 'systemKey' | 'createdAt'> & { createdAt: string };

const chatRead = prepared('chat_view', (db) =>
  db
    .select({
      // lastChatLines' lines (the last `limit` not muted by the viewer nor of a player in a block with them, oldest first), as one JSON array.
      lines: sql<ChatLineRead[]>`coalesce((select json_agg(json_build_object('id', l.id, 'userId', l.user_id, 'username', l.username, 'characterId', l.character_id, 'characterName', l.character_name, 'characterRace', l.character_race, 'characterClass', l.character_class, 'characterLevel', l.character_level, 'portraitPath', l.portrait_path, 'characterAppearance', l.character_appearance, 'title', l.title, 'text', l.text, 'createdAt', ${isoTime(sql`l.created_at`)}) order by l.id) from (select m.*, u.username, (select a.title from ${achievementProgress} a where a.user_id = m.user_id) as title from ${chatMessages} m left join ${users} u on u.id = m.user_id where not exists (select 1 from ${chatMutes} x where x.user_id = ${viewer} and x.muted_user_id = m.user_id) and (m.user_id is null or m.user_id not in ${blockPeersOf(viewer)}) order by m.id desc limit ${sql.placeholder('limit')}) l), '[]'::json)`,
      // listMutes' answer.
      muted: sql<Array<{ userId: string; username: string }>>`coalesce((select json_agg(json_build_object('userId', x.muted_user_id, 'username', u.username) order by u.username) from ${chatMutes} x join ${users} u on u.id = x.muted_user_id where x.user_id = ${viewer}), '[]'::json)`,
    })
    .from(sql`(select 1) as one`),
);

/** GET /api/chat's reads in one statement (one snapshot): the last lines the viewer sees and the viewer's mutes. */
export async function readChat(db: DbOrTx, viewerId: string, limit: number): Promise<{ lines: ChatLineRead[]; muted: Array<{ userId: string; username: string }> }> {
  const [row] = await chatRead(db, { viewerId, limit });
  if (!row) throw new Error('the chat read no row');
  return row;
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

/** The player's active character with what a chat line shows of it. */
export async function activeCharacterSnapshot(db: DbOrTx, userId: string) {
  const [row] = await db
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
    .where(and(eq(playerCharacters.userId, userId), eq(playerCharacters.isActive, true)));
  return row;
}

export async function listMutes(db: DbOrTx, userId: string): Promise<{ userId: string; username: string }[]> {
  return db
    .select({ userId: chatMutes.mutedUserId, username: users.username })
    .from(chatMutes)
    .innerJoin(users, eq(users.id, chatMutes.mutedUserId))
    .where(eq(chatMutes.userId, userId))
    .orderBy(users.username);
}

export async function addMute(db: DbOrTx, userId: string, mutedUserId: string): Promise<void> {
  await db.insert(chatMutes).values({ userId, mutedUserId }).onConflictDoNothing({ target: [chatMutes.userId, chatMutes.mutedUserId] });
}

export async function removeMute(db: DbOrTx, userId: string, mutedUserId: string): Promise<void> {
  await db.delete(chatMutes).where(and(eq(chatMutes.userId, userId), eq(chatMutes.mutedUserId, mutedUserId)));
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, [userId]));
  return rows.length > 0;
}
