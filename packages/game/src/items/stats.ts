import { GEAR_STATS, type Attributes, type GearStat, type GearStats, type InventoryEntry } from '../types.ts';

export type GearTotals = Record<GearStat, number>;

/** The summed stats of a set of worn gear (negative stats subtract). */
export function gearTotals(items: readonly { stats: GearStats }[]): GearTotals {
  const totals: GearTotals = { attack: 0, defense: 0, speed: 0, health: 0 };
  for (const item of items) {
    for (const stat of GEAR_STATS) totals[stat] += item.stats[stat] ?? 0;
  }
  return totals;
}

/** The summed stats of every equipped gear entry (negative stats subtract). */
export function equippedBonuses(entries: readonly InventoryEntry[]): GearTotals {
  return gearTotals(entries.flatMap((entry) => (entry.equipped && entry.item.kind === 'gear' ? [entry.item] : [])));
}

/**
 * Spec 02 §3 (gear stats) and §4/§8 (health capped at max): THE max health of a
 * character, everywhere it is shown or capped (sheet, status card, /status, adventure
 * lines, /spell heal, potions and food, combat): max health plus the health of the
 * equipped gear, at least 1. `gear` is equippedBonuses(entries) or gearTotals(worn items).
 */
export function maxHealthWithGear(attributes: Pick<Attributes, 'maxHealth'>, gear: Pick<GearTotals, 'health'>): number {
  return Math.max(1, attributes.maxHealth + gear.health);
}

/**
 * Current health within max health with gear: taking off health gear lowers the
 * maximum, and current health comes down with it (never below 1).
 */
export function cappedHealth(currentHealth: number, maxHealth: number): number {
  return Math.max(1, Math.min(currentHealth, maxHealth));
}

export interface EffectiveStats {
  attack: number;
  defense: number;
  speed: number;
  magicPower: number;
  /** Max health plus the health of equipped gear. */
  maxHealth: number;
  /** Gear speed alone: the points that shorten adventures (spec 02 §9). */
  gearSpeed: number;
}

/**
 * What the sheet shows and combat reads: the character's secondary attributes
 * plus equipped gear. Gear never takes a stat below 0, and max health stays at least 1.
 */
export function effectiveStats(
  attributes: Pick<Attributes, 'attack' | 'defense' | 'speed' | 'magicPower' | 'maxHealth'>,
  entries: readonly InventoryEntry[],
): EffectiveStats {
  const gear = equippedBonuses(entries);
  return {
    attack: Math.max(0, attributes.attack + gear.attack),
    defense: Math.max(0, attributes.defense + gear.defense),
    speed: Math.max(0, attributes.speed + gear.speed),
    magicPower: attributes.magicPower,
    maxHealth: maxHealthWithGear(attributes, gear),
    gearSpeed: gear.speed,
  };
}
