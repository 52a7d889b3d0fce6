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

export function toAdventureView(
  row: Pick<AdventureRow, 'id' | 'location' | 'level' | 'startTime' | 'endTime' | 'speedReduction' | 'originalMs'>,
  characterName: string,
): AdventureView {
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
