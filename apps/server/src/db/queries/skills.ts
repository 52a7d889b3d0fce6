import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { prepared } from '../prepared.ts';
import { ownedCharacter } from './columns.ts';
import type { DbOrTx, Tx } from '../client.ts';
import { characterSkills, playerCharacters } from '../schema/index.ts';

/** A column of a select over player_characters: listUnlockedSkills' ids, in its order (a text[]). */
export const unlockedSkillsColumn = sql<
  string[]
>`array(select s.skill_id from ${characterSkills} s where s.character_id = ${playerCharacters.id} order by s.unlocked_at, s.skill_id)`;

const skillsRead = prepared('skills_view', (db) =>
  db
    .select({
      character: {
        id: playerCharacters.id,
        characterClass: playerCharacters.characterClass,
        level: playerCharacters.level,
        skillPoints: playerCharacters.skillPoints,
      },
      unlocked: unlockedSkillsColumn,
    })
    .from(playerCharacters)
    .where(ownedCharacter()),
);

/** What the skill tree shows, in one statement: the character's class, level and points, and its unlocked skills. Undefined when not the player's. */
export async function readSkills(db: DbOrTx, userId: string, characterId: string) {
  const [row] = await skillsRead(db, { userId, id: characterId });
  return row;
}

const unlockedSkillsOf = prepared('unlocked_skills_of', (db) =>
  db
    .select({ skillId: characterSkills.skillId })
    .from(characterSkills)
    .where(eq(characterSkills.characterId, sql.placeholder('characterId')))
    .orderBy(characterSkills.unlockedAt, characterSkills.skillId),
);

/** The character's unlocked skill ids, in the order they were unlocked. */
export async function listUnlockedSkills(db: DbOrTx, characterId: string): Promise<string[]> {
  const rows = await unlockedSkillsOf(db, { characterId });
  return rows.map((r) => r.skillId);
}

/**
 * Spends `cost` points and records the skill, only if the points are there and the skill is
 * not yet unlocked (conditional writes, under the caller's character lock). False when either
 * condition failed; the caller rolls back.
 */
export async function recordUnlock(tx: Tx, characterId: string, skillId: string, cost: number): Promise<boolean> {
  const spent = await tx
    .update(playerCharacters)
    .set({ skillPoints: sql`${playerCharacters.skillPoints} - ${cost}`, updatedAt: sql`now()` })
    .where(and(eq(playerCharacters.id, characterId), gte(playerCharacters.skillPoints, cost)))
    .returning({ id: playerCharacters.id });
  if (spent.length === 0) return false;
  const inserted = await tx.insert(characterSkills).values({ characterId, skillId }).onConflictDoNothing().returning({ skillId: characterSkills.skillId });
  return inserted.length === 1;
}

/** Removes every unlocked skill but `keep` and returns `points` per removed skill; the number removed. */
export async function recordReset(tx: Tx, characterId: string, keep: string, pointsEach: number): Promise<number> {
  const removed = await tx
    .delete(characterSkills)
    .where(and(eq(characterSkills.characterId, characterId), ne(characterSkills.skillId, keep)))
    .returning({ skillId: characterSkills.skillId });
  if (removed.length > 0) {
    await tx
      .update(playerCharacters)
      .set({ skillPoints: sql`${playerCharacters.skillPoints} + ${removed.length * pointsEach}`, updatedAt: sql`now()` })
      .where(eq(playerCharacters.id, characterId));
  }
  return removed.length;
}
