import { describe, expect, it } from 'vitest';
import { BIOMES } from '../types.ts';
import { ENEMIES, enemyFor } from './enemies.ts';
import { LOCATIONS } from './locations.ts';

/** [hp, attack, defense, speed] for forest levels 1..10. */
const FOREST = [
  [10, 3, 1, 2],
  [18, 5, 2, 3],
  [26, 7, 4, 4],
  [35, 10, 5, 6],
  [43, 12, 7, 7],
  [52, 14, 9, 8],
  [60, 17, 11, 10],
  [68, 19, 13, 11],
  [77, 21, 15, 13],
  [85, 24, 18, 15],
];

describe('enemies (spec 02 §9 Combat, DECISIONS §3)', () => {
  it('has no enemy outside levels 1..10', () => {
    expect(enemyFor('forest', 0)).toBeUndefined();
    expect(enemyFor('forest', 11)).toBeUndefined();
    expect(enemyFor('forest', 2.5)).toBeUndefined();
  });

  it('runs the forest table from 10 hp / 3 attack to 85 hp / 24 attack', () => {
    expect(ENEMIES.forest.map((e) => [e.hp, e.attack, e.defense, e.speed])).toEqual(FOREST);
    expect(enemyFor('forest', 1)).toMatchObject({ name: 'Giant Rat', hp: 10, attack: 3, level: 1 });
    expect(enemyFor('forest', 10)).toMatchObject({ name: 'Elder Treant', hp: 85, attack: 24, level: 10 });
  });

  it('scales the forest table by each location multiplier, rounded', () => {
    for (const location of BIOMES) {
      const m = LOCATIONS[location].rewardMultiplier;
      expect(ENEMIES[location]).toHaveLength(10);
      expect(ENEMIES[location].map((e) => [e.hp, e.attack, e.defense, e.speed])).toEqual(FOREST.map((row) => row.map((v) => Math.round(v * m))));
      ENEMIES[location].forEach((e, i) => expect(e).toMatchObject({ location, level: i + 1 }));
    }
    expect(enemyFor('volcano', 10)).toMatchObject({ name: 'Elder Fire Dragon', hp: 128, attack: 36, defense: 27, speed: 23 });
    expect(enemyFor('desert', 1)).toMatchObject({ name: 'Sand Beetle', hp: 12, attack: 4, defense: 1, speed: 2 });
    expect(enemyFor('caves', 10)).toMatchObject({ name: 'Abyssal Horror', hp: 119, attack: 34 });
    expect(enemyFor('ice', 10)).toMatchObject({ name: 'Ice Dragon', hp: 111, attack: 31 });
  });

  it('raises every stat with level and names every enemy uniquely', () => {
    for (const location of BIOMES) {
      const list = ENEMIES[location];
      for (let i = 1; i < list.length; i++) {
        const [prev, cur] = [list[i - 1]!, list[i]!];
        expect(cur.hp).toBeGreaterThan(prev.hp);
        expect(cur.attack).toBeGreaterThan(prev.attack);
        expect(cur.defense).toBeGreaterThanOrEqual(prev.defense);
        expect(cur.speed).toBeGreaterThanOrEqual(prev.speed);
      }
      expect(list[9]!.defense).toBeGreaterThan(list[0]!.defense);
      expect(list[9]!.speed).toBeGreaterThan(list[0]!.speed);
    }
    const ids = BIOMES.flatMap((b) => ENEMIES[b].map((e) => e.id));
    expect(new Set(ids).size).toBe(50);
  });
});
