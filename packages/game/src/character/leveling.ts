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

/** Spec 02 §9 / DECISIONS §3: XP to leave level n is the sum of 500k for k = 1..n = 250 n (n + 1). */
export function xpToLeaveLevel(level: number): number {
  return 250 * level * (level + 1);
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
