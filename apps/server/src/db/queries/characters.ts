import { ATTRIBUTE_KEYS, type Appearance, type Attributes, type Backpack, type InventoryEntry, type NewCharacter, type SpentAttributePoints } from '@rpg/game';
import { and, asc, count, eq, ne, or, sql, type Placeholder } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { dueAdventuresColumn, toTimedState, type TimedState } from './adventures.ts';
import { recordSignIn } from './users.ts';
import type { DbOrTx, Tx } from '../client.ts';
import {
  auctionListings,
  characterAdventures,
  characterCrafts,
  playerCharacterAppearance,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
  users,
} from '../schema/index.ts';
import { backpackColumns } from './items.ts';
import { entryColumns, entryOrder } from './inventory.ts';
import { prepared } from '../prepared.ts';

/** One character with its one-to-one rows (attributes, appearance, backpack). */
export interface CharacterRow {
  character: typeof playerCharacters.$inferSelect;
  attributes: typeof playerCharacterAttributes.$inferSelect;
  appearance: typeof playerCharacterAppearance.$inferSelect;
  backpack: typeof playerCharacterBackpack.$inferSelect;
}

/** The columns a character's own fields may be changed through (never id, user_id or created_at). */
export type CharacterChanges = Partial<
  Pick<typeof playerCharacters.$inferInsert, 'name' | 'gender' | 'level' | 'xp' | 'copper' | 'skillPoints' | 'avatarPath' | 'backgroundPath'>
>;

const owned = (userId: string | Placeholder, id: string | Placeholder) => and(eq(playerCharacters.id, id), eq(playerCharacters.userId, userId));

/** A character and its one-to-one rows, with any `extra` columns computed beside them. */
export function selectCharacters<E extends SelectedFields = Record<never, never>>(db: DbOrTx, extra?: E) {
  return db
    .select({
      character: playerCharacters,
      attributes: playerCharacterAttributes,
      appearance: playerCharacterAppearance,
      backpack: playerCharacterBackpack,
      ...(extra as E),
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
    .innerJoin(playerCharacterAppearance, eq(playerCharacterAppearance.characterId, playerCharacters.id))
    .innerJoin(playerCharacterBackpack, eq(playerCharacterBackpack.characterId, playerCharacters.id));
}

/**
 * Serialises every change to one player's set of characters (creation, the active
 * flag, deletion) by locking the player's users row. NO KEY UPDATE conflicts with
 * itself but not with the KEY SHARE locks of foreign-key inserts elsewhere (presence
 * rows), so only these transactions wait for each other. Creates the row if a session
 * predates it, as GET /api/me does. Answers the account's chat mute, read under the lock (a chat
 * line checks it in the same round trip).
 */
export async function lockOwner(tx: Tx, userId: string): Promise<{ until: Date | null; reason: string | null }> {
  const lock = async () =>
    (await tx.select({ until: users.chatMutedUntil, reason: users.chatMuteReason }).from(users).where(eq(users.id, userId)).for('no key update'))[0];
  const found = await lock();
  if (found) return found;
  await recordSignIn(tx, userId);
  const made = await lock();
  if (!made) throw new Error(`no account ${userId}`);
  return made;
}

/**
 * Locks the character's unsettled adventures and crafts, before the character row. The
 * settlers lock an adventure (or craft) first and its character second; a deletion that
 * locked the character first and then reached those rows through the cascade would
 * deadlock with them. One order everywhere: timed rows and auction listings, then the character.
 */
export async function lockTimedWork(tx: Tx, userId: string, id: string): Promise<void> {
  await tx
    .select({ id: characterAdventures.id })
    .from(characterAdventures)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterAdventures.characterId))
    .where(and(eq(characterAdventures.characterId, id), eq(playerCharacters.userId, userId), eq(characterAdventures.completed, false)))
    .for('update', { of: characterAdventures });
  await tx
    .select({ id: characterCrafts.id })
    .from(characterCrafts)
    .innerJoin(playerCharacters, eq(playerCharacters.id, characterCrafts.characterId))
    .where(and(eq(characterCrafts.characterId, id), eq(playerCharacters.userId, userId), eq(characterCrafts.completed, false)))
    .for('update', { of: characterCrafts });
  // Auction rows the deletion's cascade reaches (its listings, its purchases): a purchase locks
  // the listing first and the characters second, so the deletion does the same.
  await tx
    .select({ id: auctionListings.id })
    .from(auctionListings)
    .innerJoin(playerCharacters, eq(playerCharacters.id, id))
    .where(and(eq(playerCharacters.userId, userId), or(eq(auctionListings.sellerCharacterId, id), eq(auctionListings.buyerCharacterId, id))))
    .orderBy(asc(auctionListings.id))
    .for('update', { of: auctionListings });
}

const ownedPlaceholders = owned(sql.placeholder('userId'), sql.placeholder('id'));
const oneOwned = prepared('character_owned', (db) => selectCharacters(db).where(ownedPlaceholders));
const oneOwnedLocked = prepared('character_owned_locked', (db) => selectCharacters(db).where(ownedPlaceholders).for('update'));

const byOwnerNow = prepared('characters_of_owner_now', (db) =>
  selectCharacters(db, { due: dueAdventuresColumn, worn: entryColumns })
    .leftJoin(playerCharacterInventory, and(eq(playerCharacterInventory.characterId, playerCharacters.id), eq(playerCharacterInventory.equipped, true)))
    .where(eq(playerCharacters.userId, sql.placeholder('userId')))
    .orderBy(asc(playerCharacters.createdAt), asc(playerCharacters.id), ...entryOrder),
);

/**
 * Spec 01 §7 in one statement: the player's characters, oldest first, each with its equipped
 * items (a row per item, the left join), and the time-based state a read catches up on (due
 * adventures, mana below max).
 */
export async function listCharactersNow(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ rows: Array<CharacterRow & { equipped: InventoryEntry[] }>; state: TimedState }> {
  const rows: Array<CharacterRow & { due: string; equipped: InventoryEntry[] }> = [];
  for (const { worn, ...row } of await byOwnerNow(db, { userId, now: now.toISOString() })) {
    const last = rows[rows.length - 1];
    if (last?.character.id === row.character.id) {
      if (worn) last.equipped.push(worn);
    } else rows.push({ ...row, equipped: worn ? [worn] : [] });
  }
  return { rows, state: toTimedState(rows.map((r) => ({ id: r.character.id, due: r.due, attributes: r.attributes }))) };
}

export async function getCharacter(db: DbOrTx, userId: string, id: string): Promise<CharacterRow | undefined> {
  const [row] = await oneOwned(db, { userId, id });
  return row;
}

const lineRead = (db: DbOrTx) =>
  db
    .select({
      name: playerCharacters.name,
      attributes: {
        characterId: playerCharacterAttributes.characterId,
        currentMana: playerCharacterAttributes.currentMana,
        maxMana: playerCharacterAttributes.maxMana,
        manaUpdatedAt: playerCharacterAttributes.manaUpdatedAt,
      },
      due: dueAdventuresColumn,
    })
    .from(playerCharacters)
    .innerJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
    .where(ownedPlaceholders);
const forLine = prepared('character_line_locked_now', (db) => lineRead(db).for('no key update', { of: [playerCharacters, playerCharacterAttributes] }));
const forPlainLine = prepared('character_line_now', (db) => lineRead(db));

/**
 * What a console line of a command that reads and writes nothing of the character reads (issue
 * 45: /help, /roll, plain text, an unknown command): the name and the time-based state, without a
 * lock or a transaction; its lines are written by `writePlainLines` (db/queries/console-line.ts).
 */
export async function readCharacterForLine(db: DbOrTx, userId: string, id: string, now: Date): Promise<{ name: string; state: TimedState } | undefined> {
  const [found] = await forPlainLine(db, { userId, id, now: now.toISOString() });
  if (!found) return undefined;
  return { name: found.name, state: toTimedState([{ id, due: found.due, attributes: found.attributes }]) };
}

/**
 * A console line's lock on the character, with what the line itself reads: the name, and the
 * time-based state (due adventures, mana) so it need not catch up in a round trip of its own.
 * It locks the character's row and its attributes' (which the mana catch-up locks alone), not
 * every one-to-one row with every column as `getCharacterForUpdate` does: each row locked is a
 * write, and the wide read was most of a line's database time (docs/performance.md, "The console
 * line"). Every change to a character takes its row's lock first, so the line still waits for them
 * and they for it; NO KEY UPDATE conflicts with their FOR UPDATE, but not with the key-share locks
 * of the inserts that name the character. A command that needs the whole character locks it with
 * `getCharacterForUpdate` in the line's transaction.
 */
export async function lockCharacterForLine(tx: Tx, userId: string, id: string, now: Date): Promise<{ name: string; state: TimedState } | undefined> {
  const [found] = await forLine(tx, { userId, id, now: now.toISOString() });
  if (!found) return undefined;
  return { name: found.name, state: toTimedState([{ id, due: found.due, attributes: found.attributes }]) };
}

/** The character and its one-to-one rows, locked until the transaction ends. */
export async function getCharacterForUpdate(tx: Tx, userId: string, id: string): Promise<CharacterRow | undefined> {
  const [row] = await oneOwnedLocked(tx, { userId, id });
  return row;
}

export async function countCharacters(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(playerCharacters).where(eq(playerCharacters.userId, userId));
  return row?.n ?? 0;
}

/** Inserts a character built by the rules with its attributes (and base_ copies), appearance and backpack. */
export async function insertCharacter(tx: Tx, userId: string, created: NewCharacter, backpack: Backpack, isActive: boolean): Promise<string> {
  const [row] = await tx
    .insert(playerCharacters)
    .values({
      userId,
      name: created.name,
      race: created.race,
      characterClass: created.characterClass,
      gender: created.gender,
      level: created.level,
      xp: created.xp,
      copper: created.copper,
      isActive,
      skillPoints: created.skillPoints,
      spentAttributePoints: created.spentAttributePoints,
    })
    .returning({ id: playerCharacters.id });
  if (!row) throw new Error('insert returned no character');
  const { base } = created;
  await tx.insert(playerCharacterAttributes).values({
    characterId: row.id,
    ...created.attributes,
    baseStrength: base.strength,
    baseDexterity: base.dexterity,
    baseIntelligence: base.intelligence,
    baseConstitution: base.constitution,
    baseAttack: base.attack,
    baseMagicPower: base.magicPower,
    baseSpeed: base.speed,
    baseDefense: base.defense,
    baseHealth: base.health,
    baseCurrentHealth: base.currentHealth,
    baseMaxHealth: base.maxHealth,
    baseCurrentMana: base.currentMana,
    baseMaxMana: base.maxMana,
  });
  await tx.insert(playerCharacterAppearance).values({ characterId: row.id, ...created.appearance });
  await tx.insert(playerCharacterBackpack).values({ characterId: row.id, ...backpackColumns(backpack) });
  return row.id;
}

/** Spec 01 §4: every character of the player inactive, optionally except one. */
export async function deactivateCharacters(tx: Tx, userId: string, exceptId?: string): Promise<void> {
  const where = exceptId ? and(eq(playerCharacters.userId, userId), ne(playerCharacters.id, exceptId)) : eq(playerCharacters.userId, userId);
  await tx
    .update(playerCharacters)
    .set({ isActive: false })
    .where(and(where, eq(playerCharacters.isActive, true)));
}

/** Makes one character the active one. Call deactivateCharacters first (one active per user is a unique index). */
export async function activateCharacter(tx: Tx, userId: string, id: string): Promise<void> {
  await tx.update(playerCharacters).set({ isActive: true }).where(owned(userId, id));
}

/** Spec 01 §4: if characters exist but none is active, the oldest becomes active. Returns whether it changed anything. */
export async function activateOldestIfNone(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: playerCharacters.id, isActive: playerCharacters.isActive })
    .from(playerCharacters)
    .where(eq(playerCharacters.userId, userId))
    .orderBy(asc(playerCharacters.createdAt), asc(playerCharacters.id));
  const oldest = rows[0];
  if (!oldest || rows.some((r) => r.isActive)) return false;
  await activateCharacter(tx, userId, oldest.id);
  return true;
}

export async function updateCharacter(tx: Tx, userId: string, id: string, changes: CharacterChanges): Promise<void> {
  await tx
    .update(playerCharacters)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(owned(userId, id));
}

/** The character must be the caller's (checked by loading it first). */
export async function saveAppearance(tx: Tx, characterId: string, appearance: Appearance): Promise<void> {
  await tx.update(playerCharacterAppearance).set(appearance).where(eq(playerCharacterAppearance.characterId, characterId));
}

const attributesSet = prepared('character_attributes_set', (db) =>
  db
    .update(playerCharacterAttributes)
    .set(Object.fromEntries(ATTRIBUTE_KEYS.map((key) => [key, sql`${sql.placeholder(key)}::int`])))
    .where(eq(playerCharacterAttributes.characterId, sql.placeholder('characterId'))),
);

/** A character's live attributes after a rule changed them (the caller holds the character). */
export async function setAttributes(tx: Tx, characterId: string, attributes: Attributes): Promise<void> {
  await attributesSet(tx, { characterId, ...attributes });
}

/** Saves what the attribute-point rules change: the live attributes and the spent-points map. */
export async function saveAttributePoints(
  tx: Tx,
  userId: string,
  id: string,
  state: { attributes: Attributes; spentAttributePoints: SpentAttributePoints },
): Promise<void> {
  await setAttributes(tx, id, state.attributes);
  await tx
    .update(playerCharacters)
    .set({ spentAttributePoints: state.spentAttributePoints, updatedAt: sql`now()` })
    .where(owned(userId, id));
}

/** Deletes the character; its attributes, appearance, inventory and backpack go with it (cascade). */
export async function deleteCharacter(tx: Tx, userId: string, id: string): Promise<void> {
  await tx.delete(playerCharacters).where(owned(userId, id));
}

/** The live attributes of a row, as the rules read them. */
export function attributesOf(a: Pick<CharacterRow['attributes'], keyof Attributes>): Attributes {
  return Object.fromEntries(ATTRIBUTE_KEYS.map((key) => [key, a[key]])) as Record<keyof Attributes, number>;
}

export function appearanceOf(row: CharacterRow['appearance']): Appearance {
  return { hairStyle: row.hairStyle, hairColor: row.hairColor, eyeColor: row.eyeColor, clothesStyle: row.clothesStyle, skinTone: row.skinTone };
}
