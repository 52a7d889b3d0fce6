import type { AdventureView } from '@rpg/contract';
import { createRng, LOCATIONS, type GearItem, type InventoryEntry, type Rng } from '@rpg/game';
import type { AdventureRow } from '../../db/queries/adventures.ts';

/**
 * The settlement's generator: seeded from the adventure's secret 128-bit seed (never its
 * id, which the browser sees), so settling it again gives the same result and nobody can
 * predict it. Adventures from before the seed column fall back to their id.
 */
export function adventureRng(adventure: Pick<AdventureRow, 'id' | 'seed'>): Rng {
  return createRng(`adventure:${adventure.seed ?? adventure.id}`);
}

/** The equipped gear of an inventory (its stats count in combat and shorten adventures). */
export function equippedGear(entries: readonly InventoryEntry[]): GearItem[] {
  return entries.flatMap((entry) => (entry.equipped && entry.item.kind === 'gear' ? [entry.item] : []));
}

/** Spec 02 §2 banner: 'They will return in m:ss' (whole seconds, rounded up). */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function toAdventureView(row: Pick<AdventureRow, 'id' | 'location' | 'level' | 'startTime' | 'endTime' | 'speedReduction' | 'originalMs'>, characterName: string): AdventureView {
  return {
    id: row.id,
    location: row.location,
    locationName: LOCATIONS[row.location].name,
    level: row.level,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    characterName,
    speedReduction: row.speedReduction,
    originalMs: row.originalMs,
    durationMs: row.endTime.getTime() - row.startTime.getTime(),
  };
}
