import { BIOMES, type Biome } from '../types.ts';

/** Spec 02 §9 "Adventure locations": the five biomes are the adventure locations. */
export type LocationId = Biome;

export interface Location {
  id: LocationId;
  /** What the messages and the launcher's level list show ('Ice Lands'). */
  name: string;
  /** Spec 02 §2: the launcher button ('Forest, Desert, Ice, Volcano, Caves'). */
  label: string;
  /** Spec 02 §9 "Rewards": scales XP, currency and (DECISIONS §3) the enemy table. */
  rewardMultiplier: number;
}

export const LOCATIONS: Readonly<Record<LocationId, Location>> = {
  forest: { id: 'forest', name: 'Forest', label: 'Forest', rewardMultiplier: 1 },
  desert: { id: 'desert', name: 'Desert', label: 'Desert', rewardMultiplier: 1.2 },
  ice: { id: 'ice', name: 'Ice Lands', label: 'Ice', rewardMultiplier: 1.3 },
  volcano: { id: 'volcano', name: 'Volcano', label: 'Volcano', rewardMultiplier: 1.5 },
  caves: { id: 'caves', name: 'Caves', label: 'Caves', rewardMultiplier: 1.4 },
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

/** A level word as typed: missing is level 1, a plain whole number is that level, anything else is refused later (NaN). */
function levelWord(word: string | undefined): number {
  if (word === undefined) return 1;
  return /^\d+$/.test(word) ? Number(word) : Number.NaN;
}

/**
 * Spec 02 §5/§9: the words after /adventure, as a location and a level. The location is
 * its id or its display name, any case ('ice', 'Ice Lands'); the level is the last word
 * when the words before it are the location, and 1 when left out, so '/adventure ice
 * lands' is the Ice Lands at level 1 and '/adventure ice lands 3' at level 3.
 */
export function readAdventureWords(words: readonly string[]): { location: string; level: number } {
  const all = words.join(' ');
  if (words.length <= 1 || parseLocation(all)) return { location: all, level: 1 };
  return { location: words.slice(0, -1).join(' '), level: levelWord(words.at(-1)) };
}
