import { conditionsEffect, conditionsLine, type WorldState } from '../world/clock.ts';
import type { LocationId } from '../content/locations.ts';
import type { ItemStack } from './drops.ts';

/** Spec 02 §5: /adventure without an argument. */
export const ADVENTURE_USAGE = 'Usage: /adventure [location] [level]';

/** Spec 02 §2: the return toast's title. */
export const ADVENTURE_TITLES = { completed: 'Adventure Completed!', failed: 'Adventure Failed!' } as const;

/** Spec 02 §2 banner: 'They will return in m:ss' (whole seconds, rounded up). */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Spec 02 §2: the console line of an adventure started, with the speed gear's share when it has
 * one, and (issue 42) the land's conditions at setting out, which the fight is weighed with.
 */
export function setOutLine(start: {
  characterName: string;
  locationName: string;
  level: number;
  durationMs: number;
  speedReductionPercent: number;
  world: WorldState;
  location: LocationId;
}): string {
  const speed = start.speedReductionPercent > 0 ? ` Speed gear shortens the journey by ${start.speedReductionPercent}%.` : '';
  const conditions = ` ${conditionsLine(start.world, start.location)} (${conditionsEffect(start.world.lands[start.location])}).`;
  return `${start.characterName} sets out for the ${start.locationName} (level ${start.level}). They will return in ${minutesSeconds(start.durationMs)}.${speed}${conditions}`;
}

/** Spec 02 §2: the loot that found no room in the backpack, after the 'Loot:' line. */
export function leftBehindLine(characterName: string, stacks: readonly ItemStack[]): string {
  const items = stacks.map(({ item, quantity }) => (quantity > 1 ? `${quantity}x ${item.name}` : item.name)).join(', ');
  return `${characterName}'s backpack is full: ${items} had to be left behind.`;
}
