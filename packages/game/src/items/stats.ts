import { GEAR_STATS, type Attributes, type GearStat, type InventoryEntry } from '../types.ts';

export type GearTotals = Record<GearStat, number>;

/** The summed stats of every equipped gear entry (negative stats subtract). */
export function equippedBonuses(entries: readonly InventoryEntry[]): GearTotals {
  const totals: GearTotals = { attack: 0, defense: 0, speed: 0, health: 0 };
  for (const entry of entries) {
    if (!entry.equipped || entry.item.kind !== 'gear') continue;
    for (const stat of GEAR_STATS) totals[stat] += entry.item.stats[stat] ?? 0;
  }
  return totals;
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
    maxHealth: Math.max(1, attributes.maxHealth + gear.health),
    gearSpeed: gear.speed,
  };
}
