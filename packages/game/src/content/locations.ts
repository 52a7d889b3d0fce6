import { BIOMES, type Biome } from '../types.ts';

/** Spec 02 §9 "Adventure locations": the five biomes are the adventure locations. */
export type LocationId = Biome;

export interface Location {
  id: LocationId;
  /** What the launcher and the messages show ('Ice Lands'). */
  name: string;
  /** Spec 02 §9 "Rewards": scales XP, currency and (DECISIONS §3) the enemy table. */
  rewardMultiplier: number;
}

export const LOCATIONS: Readonly<Record<LocationId, Location>> = {
  forest: { id: 'forest', name: 'Forest', rewardMultiplier: 1 },
  desert: { id: 'desert', name: 'Desert', rewardMultiplier: 1.2 },
  ice: { id: 'ice', name: 'Ice Lands', rewardMultiplier: 1.3 },
  volcano: { id: 'volcano', name: 'Volcano', rewardMultiplier: 1.5 },
  caves: { id: 'caves', name: 'Caves', rewardMultiplier: 1.4 },
};

/** Spec 02 §9: 10 levels per location. */
export const ADVENTURE_LEVELS = 10;

export function isLocationId(value: unknown): value is LocationId {
  return typeof value === 'string' && (BIOMES as readonly string[]).includes(value);
}

/**
 * The location a player typed: its id or display name, any case, surrounding
 * spaces ignored ('Forest', 'ice', 'ice lands'); undefined when there is none.
 */
export function parseLocation(input: string): LocationId | undefined {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  return BIOMES.find((id) => id === text || LOCATIONS[id].name.toLowerCase() === text);
}
