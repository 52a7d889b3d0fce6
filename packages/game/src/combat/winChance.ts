import { usesManaInCombat } from '../content/classes.ts';
import type { Enemy } from '../content/enemies.ts';
import type { SpellEffects } from '../spells/effects.ts';
import type { SkillBonuses } from '../skills/bonuses.ts';
import type { Attributes, CharacterClass, GearStats } from '../types.ts';
import { gearTotals, maxHealthWithGear } from '../items/stats.ts';

/** Spec 02 §9: the base chance and the weight of each term. */
export const WIN_CHANCE_BASE = 0.5;
export const WIN_CHANCE_WEIGHTS = { attack: 0.15, defense: 0.15, speed: 0.1, magic: 0.1 } as const;
export const MIN_WIN_CHANCE = 0.1;
export const MAX_WIN_CHANCE = 0.95;
/**
 * docs/decisions/adventures.md, "Win chance": a wounded character fights worse. The win chance
 * loses this much times the share of max health missing (-0.3 at no health, -0.15 at half).
 */
export const WOUND_WEIGHT = 0.3;

/** A character's effective stats in a fight: attributes + equipped gear + pending spells. */
export interface CombatStats {
  attack: number;
  defense: number;
  speed: number;
  magicPower: number;
  maxHealth: number;
  /** Health when setting out; full health when absent. */
  currentHealth?: number;
  characterClass: CharacterClass;
  /** From attack spells (fireball, frostbolt, lightning). */
  bonusWinChance?: number;
  /** From shield; added to defense. */
  bonusDefense?: number;
}

export interface WinChanceTerms {
  attack: number;
  defense: number;
  speed: number;
  magic: number;
  bonus: number;
  /** The wound term: -WOUND_WEIGHT x the share of max health missing (0 at full health). */
  wounds: number;
  /** 0.5 + every term, clamped to [0.1, 0.95]. */
  total: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * How far `mine` is ahead of `theirs`, in [-1, 1], as a function of the ratio
 * r = mine / theirs: 1 - 1/r when ahead (r = 2 -> +0.5), r - 1 when behind
 * (r = 0.5 -> -0.5), 0 when equal, -1 at 0 or below. Equal to
 * (mine - theirs) / max(mine, theirs), with the divisor at least 1.
 */
export function advantage(mine: number, theirs: number): number {
  return clamp((mine - theirs) / Math.max(mine, theirs, 1), -1, 1);
}

/** The player's defense in a fight, shield included. */
export function effectiveDefense(player: CombatStats): number {
  return player.defense + (player.bonusDefense ?? 0);
}

/**
 * Spec 02 §9 / DECISIONS §2 (the combat formula resolves):
 * 0.5 + 0.15 adv(attack, enemy attack) + 0.15 adv(defense + shield, enemy defense)
 *     + 0.1 adv(speed, enemy speed) + 0.1 max(0, adv(magicPower, enemy defense)) [COMBAT_MANA_CLASSES of content/classes.ts only]
 *     + spell bonus - 0.3 x the share of max health missing (issue 42), clamped to [0.1, 0.95].
 */
export function winChanceTerms(player: CombatStats, enemy: Enemy): WinChanceTerms {
  const w = WIN_CHANCE_WEIGHTS;
  const attack = w.attack * advantage(player.attack, enemy.attack);
  const defense = w.defense * advantage(effectiveDefense(player), enemy.defense);
  const speed = w.speed * advantage(player.speed, enemy.speed);
  const magic = usesManaInCombat(player.characterClass) ? w.magic * Math.max(0, advantage(player.magicPower, enemy.defense)) : 0;
  const bonus = player.bonusWinChance ?? 0;
  const wounds = woundTerm(player);
  const total = clamp(WIN_CHANCE_BASE + attack + defense + speed + magic + bonus + wounds, MIN_WIN_CHANCE, MAX_WIN_CHANCE);
  return { attack, defense, speed, magic, bonus, wounds, total };
}

/** Issue 42: -WOUND_WEIGHT x (1 - current / max health), 0 at full health or when unknown. */
export function woundTerm(player: Pick<CombatStats, 'currentHealth' | 'maxHealth'>): number {
  if (player.currentHealth === undefined || player.maxHealth <= 0) return 0;
  const missing = clamp(1 - player.currentHealth / player.maxHealth, 0, 1);
  return missing === 0 ? 0 : -Math.round(WOUND_WEIGHT * missing * 10_000) / 10_000;
}

/** The probability, in [0.1, 0.95], that the player beats the enemy. */
export function winChance(player: CombatStats, enemy: Enemy): number {
  return winChanceTerms(player, enemy).total;
}

export interface CombatSource {
  characterClass: CharacterClass;
  attributes: Pick<Attributes, 'strength' | 'dexterity' | 'intelligence' | 'constitution' | 'attack' | 'defense' | 'speed' | 'magicPower' | 'maxHealth'> &
    Partial<Pick<Attributes, 'currentHealth'>>;
  /** Stats of the equipped gear. */
  equipped?: readonly { stats: GearStats }[];
  effects?: SpellEffects;
  /** What the unlocked skills add (skills/bonuses.ts `skillBonuses`). */
  skills?: SkillBonuses;
}

/**
 * A character's combat stats: each secondary attribute plus its primary
 * (attack + strength, defense + constitution, speed + dexterity,
 * magicPower + intelligence) plus the same stat on every equipped item, plus
 * what unlocked skills add (passives: stats; actives and ultimates: win chance;
 * docs/decisions/progression.md, "Skill trees"). The primaries count because a new
 * character's secondary stats start near 0 (spec 01 §3). maxHealth is
 * `maxHealthWithGear` (items/stats.ts).
 */
export function combatStatsOf(source: CombatSource): CombatStats {
  const a = source.attributes;
  const gear = gearTotals(source.equipped ?? []);
  const skills = source.skills;
  return {
    attack: a.attack + a.strength + gear.attack + (skills?.attack ?? 0),
    defense: a.defense + a.constitution + gear.defense + (skills?.defense ?? 0),
    speed: a.speed + a.dexterity + gear.speed + (skills?.speed ?? 0),
    magicPower: a.magicPower + a.intelligence + (skills?.magicPower ?? 0),
    maxHealth: maxHealthWithGear(a, gear),
    ...(a.currentHealth === undefined ? {} : { currentHealth: a.currentHealth }),
    characterClass: source.characterClass,
    bonusWinChance: (source.effects?.bonusWinChance ?? 0) + (skills?.winChance ?? 0),
    bonusDefense: source.effects?.bonusDefense ?? 0,
  };
}
