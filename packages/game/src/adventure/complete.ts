import { ADVENTURE_TITLES } from './texts.ts';
import { gainXp, hasManaClass } from '../character/leveling.ts';
import { enemyFor, type Enemy } from '../content/enemies.ts';
import { LOCATIONS, type LocationId } from '../content/locations.ts';
import { copper, formatCoins, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import { applyHealthLoss, applyManaLoss, manaLossFor, resolveFight } from '../combat/resolve.ts';
import { combatStatsOf, type CombatStats } from '../combat/winChance.ts';
import { gearTotals, maxHealthWithGear } from '../items/stats.ts';
import type { Rng } from '../rng.ts';
import { NO_SPELL_EFFECTS, type SpellEffects } from '../spells/effects.ts';
import type { SkillBonuses } from '../skills/bonuses.ts';
import type { Attributes, CharacterClass, GearStats } from '../types.ts';
import { rollDrops, type DropOptions, type ItemStack } from './drops.ts';
import { rollRewards } from './rewards.ts';
import { gearUpkeep } from './upkeep.ts';
import { conditionsEffect, WEATHER_NAMES, type LandConditions } from '../world/clock.ts';

/** Spec 02 §4, DECISIONS §4: after a won adventure, mana classes regenerate 10% of max mana. */
export const POST_ADVENTURE_MANA_FRACTION = 0.1;

/** What settling an adventure reads of the character. */
export interface AdventurerSnapshot {
  /** Used in the console lines; 'Your character' when absent. */
  name?: string;
  level: number;
  xp: number;
  characterClass: CharacterClass;
  attributes: Attributes;
  /** Stats (and prices, for the repairs) of the equipped gear. */
  equipped?: readonly { stats: GearStats; price?: number }[];
  /** Copper held when setting out: the repairs never cost more than this plus the reward. */
  copper?: number;
  /** What spells cast before the adventure left for it; used up here. */
  effects?: SpellEffects;
  /** What the unlocked skills add to the fight (skills/bonuses.ts). */
  skills?: SkillBonuses;
}

export interface FinishedAdventure {
  location: LocationId;
  level: number;
  /** The land's conditions when the adventure set out (world/clock.ts landConditions); none when absent. */
  conditions?: Pick<LandConditions, 'weather' | 'winChance' | 'rewardMultiplier' | 'night'>;
}

export interface AdventureOutcome {
  won: boolean;
  enemy: Enemy;
  winChance: number;
  xpGained: number;
  copperGained: Copper;
  /** Repairs paid for the equipped gear (gearUpkeep, at most what the character held plus the reward). */
  upkeep: Copper;
  /** Health actually lost (the fight never leaves less than 1). */
  healthLost: number;
  /** Mana actually lost on a defeat (DECISIONS §4); 0 on a win. */
  manaLost: number;
  /** Mana restored by the post-adventure regeneration on a win (after any level-up). */
  manaRestored: number;
  /** Won items, each with its quantity; empty on a defeat. */
  items: ItemStack[];
  /** The character's level and XP after the XP gain (spec 02 §4 level-up loop). */
  level: number;
  xp: number;
  levelsGained: number;
  /** Attributes after health loss, level-ups and mana regeneration. */
  attributes: Attributes;
  /** The pending spell effects after the adventure: all used up. */
  effects: SpellEffects;
  /** Spec 02 §4 toast title. */
  title: (typeof ADVENTURE_TITLES)[keyof typeof ADVENTURE_TITLES];
  /** Console lines, in order. */
  messages: string[];
}

function lootLine(items: readonly ItemStack[]): string {
  if (items.length === 0) return 'No loot this time.';
  return `Loot: ${items.map(({ item, quantity }) => (quantity > 1 ? `${quantity}x ${item.name}` : item.name)).join(', ')}.`;
}

/** Issue 42: the line that says how the world weighed on an adventure. */
export function conditionsMessage(place: string, conditions: NonNullable<FinishedAdventure['conditions']>): string {
  return `${place}${conditions.night ? ' by night' : ''}, ${WEATHER_NAMES[conditions.weather].toLowerCase()}: ${conditionsEffect(conditions)}.`;
}

/** Issue 42: the fight's stats in a land's conditions: their win-chance shift joins the bonus, before the clamp. */
export function statsInConditions(stats: CombatStats, conditions?: Pick<LandConditions, 'winChance'>): CombatStats {
  return conditions ? { ...stats, bonusWinChance: (stats.bonusWinChance ?? 0) + conditions.winChance } : stats;
}

/** Spec 02 §4: 10% of max mana, rounded up, for a mana class with mana; never above max. */
export function postAdventureMana(characterClass: CharacterClass, currentMana: number, maxMana: number): number {
  if (!hasManaClass(characterClass) || maxMana <= 0) return currentMana;
  return Math.max(currentMana, Math.min(maxMana, currentMana + Math.ceil(maxMana * POST_ADVENTURE_MANA_FRACTION)));
}

/**
 * Spec 02 §4, §9 and DECISIONS §2-§4: settles a finished adventure in one go.
 * Fight (win chance from attributes + gear + pending spells) -> health loss ->
 * on a win XP, copper and drops, then the level-up loop, then 10% mana for mana
 * classes -> console lines. A defeat costs health and mana (the same fraction of
 * max mana as of max health) and gives nothing, not even the mana regeneration.
 * Health is shown against max health with gear (maxHealthWithGear).
 * Pending spell effects are used up either way. `options` carries extra luck
 * and extra drop factories (recipe scrolls).
 */
export function completeAdventure(character: AdventurerSnapshot, adventure: FinishedAdventure, rng: Rng, options: DropOptions = {}): AdventureOutcome {
  const enemy = enemyFor(adventure.location, adventure.level);
  if (!enemy) {
    throw new RuleError('no_enemy', `Adventure in ${adventure.location} level ${adventure.level} ended, but no enemy was found.`);
  }
  const who = character.name ?? 'Your character';
  const place = LOCATIONS[adventure.location].name;
  const conditions = adventure.conditions;
  const stats = statsInConditions(combatStatsOf(character), conditions);
  const fight = resolveFight(stats, enemy, rng);
  const chancePct = Math.round(fight.winChance * 100);

  const before = character.attributes;
  const currentHealth = applyHealthLoss(before.currentHealth, fight.healthLoss);
  const healthLost = before.currentHealth - currentHealth;
  const afterMana = applyManaLoss(before.currentMana, manaLossFor(fight.won, before.maxMana, fight.defenseRatio));
  const manaLost = before.currentMana - afterMana;
  let state = {
    level: character.level,
    xp: character.xp,
    characterClass: character.characterClass,
    attributes: { ...before, currentHealth, currentMana: afterMana },
  };

  let xpGained = 0;
  let copperGained = copper(0);
  let items: ItemStack[] = [];
  let levelsGained = 0;
  if (fight.won) {
    const rewards = rollRewards(adventure.location, adventure.level, rng);
    const boost = conditions?.rewardMultiplier ?? 1;
    xpGained = Math.round(rewards.xp * boost);
    copperGained = copper(Math.round(rewards.copper * boost));
    items = rollDrops(adventure.location, adventure.level, rng, options);
    const leveled = gainXp(state, xpGained);
    state = leveled.state;
    levelsGained = leveled.levelsGained;
  }

  const a = state.attributes;
  const currentMana = fight.won ? postAdventureMana(character.characterClass, a.currentMana, a.maxMana) : a.currentMana;
  const manaRestored = currentMana - a.currentMana;
  const attributes: Attributes = { ...a, currentMana };
  const maxHealth = maxHealthWithGear(attributes, gearTotals(character.equipped ?? []));

  const healthLine =
    healthLost > 0
      ? `${who} lost ${healthLost} health (${attributes.currentHealth}/${maxHealth}).`
      : `${who} came back without a scratch (${attributes.currentHealth}/${maxHealth} health).`;
  const manaLine = manaLost > 0 ? ` ${who} lost ${manaLost} mana (${attributes.currentMana}/${attributes.maxMana}).` : '';
  const messages = fight.won
    ? [
        `Victory! ${who} defeated the ${enemy.name} in the ${place} (level ${adventure.level}, ${chancePct}% chance of victory).`,
        `Rewards: ${xpGained} XP and ${formatCoins(copperGained)}.`,
        lootLine(items),
        healthLine,
      ]
    : [
        `Defeat! The ${enemy.name} in the ${place} (level ${adventure.level}) was too strong for ${who}.`,
        `${healthLine}${manaLine} No XP, coins or loot this time.`,
        `The odds were ${chancePct}%. Better gear, more training or a lower level will turn the tide.`,
      ];
  const upkeep = copper(Math.min(gearUpkeep(character.equipped ?? [], adventure.level), (character.copper ?? 0) + copperGained));
  if (upkeep > 0) messages.push(`Repairs to ${who === 'Your character' ? 'your' : `${who}'s`} gear cost ${formatCoins(upkeep)}.`);
  if (conditions && (conditions.winChance !== 0 || conditions.rewardMultiplier !== 1)) messages.push(conditionsMessage(place, conditions));
  if (levelsGained > 0) messages.push(`Level up! ${who} is now level ${state.level}.`);
  if (manaRestored > 0) messages.push(`${who} recovered ${manaRestored} mana while resting (${currentMana}/${attributes.maxMana}).`);

  return {
    won: fight.won,
    enemy,
    winChance: fight.winChance,
    xpGained,
    copperGained,
    upkeep,
    healthLost,
    manaLost,
    manaRestored,
    items,
    level: state.level,
    xp: state.xp,
    levelsGained,
    attributes,
    effects: NO_SPELL_EFFECTS,
    title: fight.won ? ADVENTURE_TITLES.completed : ADVENTURE_TITLES.failed,
    messages,
  };
}
