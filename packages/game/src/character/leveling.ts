import type { Attributes, CharacterClass } from '../types.ts';

/** DECISIONS §3: the highest player level. */
export const MAX_LEVEL = 50;
/** Spec 02 §4: each level gives +5 max health (and +5 max mana to mana classes). */
export const HEALTH_PER_LEVEL = 5;
export const MANA_PER_LEVEL = 5;
/** DECISIONS §3: attribute points per level gained; skill points +1 per level. */
export const ATTRIBUTE_POINTS_PER_LEVEL = 3;
export const SKILL_POINTS_PER_LEVEL = 1;

/** Classes that have mana from creation (spec 01 §3). */
export const MANA_CLASSES: readonly CharacterClass[] = ['mage', 'necromancer', 'summoner'];
export function hasManaClass(characterClass: CharacterClass): boolean {
  return MANA_CLASSES.includes(characterClass);
}

/** Spec 02 §9 / DECISIONS §3, the table this game shipped with: 500 x k summed for k = 1..n, 250 n (n + 1). */
export function legacyXpToLeaveLevel(level: number): number {
  return 250 * level * (level + 1);
}

/**
 * The XP table (docs/decisions/progression.md, "The XP table"), departing from spec 02 §9's
 * 250 n (n + 1), whose level 10 took 20 hours and level 50 over 2,000 of back-to-back play.
 * Below level 10 (only adventure level 1 is open): 50 n (n + 1), level 10 in about 4 hours.
 * From level 10: the hours a level takes, 2 + 0.2 (n - 10), times the XP an hour pays there,
 * 3,900 x 1.3^((n - 10) / 5) (the forest's rate at the adventure level the gate opens, rising
 * 30% every 5 levels like the rewards table), rounded to 100: level 50 in about 250 hours.
 */
export function xpToLeaveLevel(level: number): number {
  if (level < 10) return 50 * level * (level + 1);
  const hours = 2 + 0.2 * (level - 10);
  const xpPerHour = 3_900 * 1.3 ** ((level - 10) / 5);
  return Math.round((hours * xpPerHour) / 100) * 100;
}

/** XP to reach `level` from level 1 with no XP, by a table (the new one by default). */
export function xpToReachLevel(level: number, table: (level: number) => number = xpToLeaveLevel): number {
  let sum = 0;
  for (let k = 1; k < level; k += 1) sum += table(k);
  return sum;
}

/**
 * Issue 42: an existing character's level and XP on the new table. The level stays (nobody
 * loses one); the XP inside the level keeps its share of the level's requirement, so a
 * character halfway through a level is halfway through it on the new table. At MAX_LEVEL the
 * XP kept past the cap stays as it is.
 */
export function migrateLevelXp(level: number, xp: number): { level: number; xp: number } {
  if (level >= MAX_LEVEL) return { level, xp };
  const share = Math.min(1, Math.max(0, xp / legacyXpToLeaveLevel(level)));
  return { level, xp: Math.min(xpToLeaveLevel(level) - 1, Math.floor(share * xpToLeaveLevel(level))) };
}

export interface LevelState {
  level: number;
  xp: number;
  characterClass: CharacterClass;
  attributes: Pick<Attributes, 'maxHealth' | 'currentHealth' | 'maxMana' | 'currentMana' | 'health'>;
}

export interface LevelUpResult<S extends LevelState> {
  state: S;
  levelsGained: number;
}

/**
 * Spec 02 §4 level-up loop: while xp reaches the requirement of the current
 * level, subtract it and raise the level. +5 max health per level; mana
 * classes +5 max mana, then restore half of max mana (capped at max).
 * At MAX_LEVEL the XP keeps accumulating but no level is gained.
 */
export function gainXp<S extends LevelState>(state: S, amount: number): LevelUpResult<S> {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`xp gain must be a non-negative integer, got ${amount}`);
  let { level, xp } = state;
  const attributes = { ...state.attributes };
  xp += amount;
  let levelsGained = 0;
  while (level < MAX_LEVEL && xp >= xpToLeaveLevel(level)) {
    xp -= xpToLeaveLevel(level);
    level += 1;
    levelsGained += 1;
    attributes.maxHealth += HEALTH_PER_LEVEL;
    attributes.health = attributes.maxHealth;
    if (hasManaClass(state.characterClass)) {
      attributes.maxMana += MANA_PER_LEVEL;
      attributes.currentMana = Math.min(attributes.maxMana, attributes.currentMana + Math.floor(attributes.maxMana / 2));
    }
  }
  return { state: { ...state, level, xp, attributes }, levelsGained };
}
