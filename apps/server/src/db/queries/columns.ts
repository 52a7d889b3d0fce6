import { and, eq, sql } from 'drizzle-orm';
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
