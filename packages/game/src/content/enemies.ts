import type { Biome } from '../types.ts';
import { ADVENTURE_LEVELS, LOCATIONS } from './locations.ts';

/**
 * Spec 02 §9 "Combat" and DECISIONS §3: one enemy per location and level.
 * Forest runs from 10 hp / 3 attack to 85 hp / 24 attack; the other locations
 * multiply every forest stat by their reward multiplier (rounded to the nearest
 * integer). Defense and speed are this project's choice (docs/decisions/adventures.md, "Locations and enemies").
 */
export interface Enemy {
  id: string;
  name: string;
  location: Biome;
  level: number;
  hp: number;
  attack: number;
  defense: number;
  speed: number;
}

type Stats = Pick<Enemy, 'hp' | 'attack' | 'defense' | 'speed'>;

/** The forest table, level 1 first. */
const FOREST_STATS: readonly Stats[] = [
  { hp: 10, attack: 3, defense: 1, speed: 2 },
  { hp: 18, attack: 5, defense: 2, speed: 3 },
  { hp: 26, attack: 7, defense: 4, speed: 4 },
  { hp: 35, attack: 10, defense: 5, speed: 6 },
  { hp: 43, attack: 12, defense: 7, speed: 7 },
  { hp: 52, attack: 14, defense: 9, speed: 8 },
  { hp: 60, attack: 17, defense: 11, speed: 10 },
  { hp: 68, attack: 19, defense: 13, speed: 11 },
  { hp: 77, attack: 21, defense: 15, speed: 13 },
  { hp: 85, attack: 24, defense: 18, speed: 15 },
];

const NAMES: Readonly<Record<Biome, readonly string[]>> = {
  forest: ['Giant Rat', 'Forest Spider', 'Wild Boar', 'Grey Wolf', 'Goblin Scout', 'Bandit Archer', 'Dire Wolf', 'Bog Troll', 'Dark Druid', 'Elder Treant'],
  desert: [
    'Sand Beetle',
    'Desert Jackal',
    'Giant Scorpion',
    'Dune Raider',
    'Sand Serpent',
    'Restless Mummy',
    'Sand Elemental',
    'Sphinx Guardian',
    'Tomb King',
    'Sandworm Matriarch',
  ],
  ice: ['Snow Hare', 'Ice Imp', 'Frost Wolf', 'Yeti Cub', 'Ice Troll', 'Ice Wraith', 'Mammoth Brute', 'Frost Giant', 'Winter Witch', 'Ice Dragon'],
  volcano: ['Fire Imp', 'Magma Slug', 'Ash Hound', 'Salamander', 'Lava Golem', 'Fire Elemental', 'Hellhound', 'Flame Drake', 'Efreet', 'Elder Fire Dragon'],
  caves: [
    'Cave Bat',
    'Giant Centipede',
    'Kobold Miner',
    'Cave Crawler',
    'Goblin Shaman',
    'Stone Golem',
    'Deep Troll',
    'Crystal Basilisk',
    'Underdark Lurker',
    'Abyssal Horror',
  ],
};

function snakeCase(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

function buildTable(location: Biome): readonly Enemy[] {
  const m = LOCATIONS[location].rewardMultiplier;
  return FOREST_STATS.map((s, i) => {
    const name = NAMES[location][i] as string;
    return {
      id: snakeCase(name),
      name,
      location,
      level: i + 1,
      hp: Math.round(s.hp * m),
      attack: Math.round(s.attack * m),
      defense: Math.round(s.defense * m),
      speed: Math.round(s.speed * m),
    };
  });
}

/** Every enemy, per location, index = level - 1. */
export const ENEMIES: Readonly<Record<Biome, readonly Enemy[]>> = {
  forest: buildTable('forest'),
  desert: buildTable('desert'),
  ice: buildTable('ice'),
  volcano: buildTable('volcano'),
  caves: buildTable('caves'),
};

/** The enemy of a location and level 1..10, or undefined. */
export function enemyFor(location: Biome, level: number): Enemy | undefined {
  if (!Number.isInteger(level) || level < 1 || level > ADVENTURE_LEVELS) return undefined;
  return ENEMIES[location]?.[level - 1];
}
