/**
 * DECISIONS §3 "Spells outside combat": what cast spells leave waiting for the
 * next adventure. Attack spells add win chance; shield adds defense. Both stack
 * up to a cap and are used up when the next adventure is settled.
 */
export interface SpellEffects {
  /** Added to the next adventure's win chance (0.05 = 5 points). */
  bonusWinChance: number;
  /** Added to the character's defense in the next adventure. */
  bonusDefense: number;
}

export const NO_SPELL_EFFECTS: SpellEffects = Object.freeze({ bonusWinChance: 0, bonusDefense: 0 });

/** The most win chance pending spells may add together. */
export const MAX_BONUS_WIN_CHANCE = 0.15;
/** The most defense pending shields may add together. */
export const MAX_BONUS_DEFENSE = 15;
