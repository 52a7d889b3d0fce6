import type { Enemy } from '../content/enemies.ts';
import type { Rng } from '../rng.ts';
import { effectiveDefense, winChance, type CombatStats } from './winChance.ts';

/** Spec 02 §9 "Combat": health lost as a fraction of max health. */
export const HEALTH_LOSS = {
  win: { base: 0.3, perDefenseRatio: 0.1, min: 0.05 },
  loss: { base: 0.4, perDefenseRatio: 0.05, min: 0.1 },
} as const;

export interface FightResult {
  won: boolean;
  winChance: number;
  /** player defense (shield included) / enemy defense, never below 0. */
  defenseRatio: number;
  /** Health the fight costs, before the "never below 1" floor (see applyHealthLoss). */
  healthLoss: number;
}

/** Rounds up, ignoring floating-point dust (0.1 x 30 is 3, not 4). */
function ceilClean(value: number): number {
  return Math.ceil(value - 1e-9);
}

export function defenseRatio(player: CombatStats, enemy: Enemy): number {
  return Math.max(0, effectiveDefense(player) / Math.max(1, enemy.defense));
}

/**
 * Spec 02 §9: win max(5%, 30% - 10% x defense ratio), loss max(10%, 40% - 5% x
 * defense ratio) of max health, rounded up to a whole point.
 */
export function healthLossFor(won: boolean, maxHealth: number, ratio: number): number {
  const rule = won ? HEALTH_LOSS.win : HEALTH_LOSS.loss;
  const fraction = Math.max(rule.min, rule.base - rule.perDefenseRatio * ratio);
  return Math.max(0, ceilClean(maxHealth * fraction));
}

/**
 * Spec 02 §4 "Defeat gives only health and mana loss", DECISIONS §4: a defeat costs
 * the same fraction of max mana as of max health (max(10%, 40% - 5% x defense ratio)),
 * rounded up; a win costs no mana. 0 for a character without mana.
 */
export function manaLossFor(won: boolean, maxMana: number, ratio: number): number {
  if (won || maxMana <= 0) return 0;
  return healthLossFor(false, maxMana, ratio);
}

/** Mana after a loss: never below 0 (nor above what it was). */
export function applyManaLoss(currentMana: number, loss: number): number {
  return Math.min(currentMana, Math.max(0, currentMana - loss));
}

/** Spec 02 §9: health never drops below 1 from a fight (nor rises). */
export function applyHealthLoss(currentHealth: number, loss: number): number {
  return Math.min(currentHealth, Math.max(1, currentHealth - loss));
}

/** Spec 02 §9 / DECISIONS §2: one draw decides the fight: won when rng.next() < winChance. */
export function resolveFight(player: CombatStats, enemy: Enemy, rng: Rng): FightResult {
  const chance = winChance(player, enemy);
  const won = rng.next() < chance;
  const ratio = defenseRatio(player, enemy);
  return { won, winChance: chance, defenseRatio: ratio, healthLoss: healthLossFor(won, player.maxHealth, ratio) };
}
