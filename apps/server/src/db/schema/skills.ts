import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { playerCharacters } from './characters.ts';

/**
 * Spec 03 §3 "Character ... unlockedSkills": one row per unlocked skill of a character. The
 * unspent points are player_characters.skill_points (level - 1 at creation, +1 per level).
 * Skill ids are the rules' (packages/game content/skillTrees.ts); only the character's own
 * tree's ids are ever written.
 */
export const characterSkills = pgTable(
  'character_skills',
  {
    characterId: uuid('character_id')
      .notNull()
      .references(() => playerCharacters.id, { onDelete: 'cascade' }),
    skillId: text('skill_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.skillId] })],
);

// Leaderboard indexes (spec 03 §2, DECISIONS §2) are on the character tables they read:
// see characters.ts (player_characters_lb_*, player_character_attributes_lb_*).
