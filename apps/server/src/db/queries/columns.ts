import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { playerCharacterAttributes, playerCharacters } from '../schema/index.ts';

/**
 * Parts of the one-statement reads of the player's screens (docs/performance.md, "Reads"), shared
 * by the queries of several domains.
 */

/** The live attributes (what attributesOf reads), as columns of a select. */
export const liveAttributeColumns = {
  strength: playerCharacterAttributes.strength,
  dexterity: playerCharacterAttributes.dexterity,
  intelligence: playerCharacterAttributes.intelligence,
  constitution: playerCharacterAttributes.constitution,
  attack: playerCharacterAttributes.attack,
  magicPower: playerCharacterAttributes.magicPower,
  speed: playerCharacterAttributes.speed,
  defense: playerCharacterAttributes.defense,
  health: playerCharacterAttributes.health,
  currentHealth: playerCharacterAttributes.currentHealth,
  maxHealth: playerCharacterAttributes.maxHealth,
  currentMana: playerCharacterAttributes.currentMana,
  maxMana: playerCharacterAttributes.maxMana,
};

/** The character of the `id` placeholder, only if it is the `userId` placeholder's (else no row: 404). */
export const ownedCharacter = () => and(eq(playerCharacters.id, sql.placeholder('id')), eq(playerCharacters.userId, sql.placeholder('userId')));

/** The viewer of a prepared read (the `viewerId` placeholder). */
export const viewerParam = sql.placeholder('viewerId');

/** A text to find as it is in a LIKE or ILIKE pattern: `%`, `_` and `\` match themselves. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The players in a block with `viewer`, either way (issue 25): a subquery of ids, not correlated,
 * so the database reads it once per statement (`x not in (...)` is a hashed lookup per row).
 */
export const blockPeersOf = (viewer: SQLWrapper | string) =>
  sql`(select b.blocked_id from "blocks" b where b.blocker_id = ${viewer} union all select b.blocker_id from "blocks" b where b.blocked_id = ${viewer})`;

/** Whether `a` and `b` are in a block, either way. */
export const blockedEitherWay = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql`exists (select 1 from "blocks" b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;
