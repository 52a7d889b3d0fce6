import { describe, expect, it } from 'vitest';
import { startingAttributes } from '../character/newCharacter.ts';
import { createRng } from '../rng.ts';
import { completeAdventure } from './complete.ts';
import { gearUpkeep } from './upkeep.ts';

describe('issue 42 economy: gear upkeep on every adventure', () => {
  it('costs 1% of the equipped gear price per hour of the base duration, rounded up', () => {
    const gear = [{ price: 60_000 }, { price: 40_000 }, {}];
    expect(gearUpkeep(gear, 10)).toBe(2_000);
    expect(gearUpkeep(gear, 1)).toBe(17);
    expect(gearUpkeep([], 10)).toBe(0);
  });

  it('is paid won or lost, never more than the character holds plus the reward, with a console line', () => {
    const attributes = startingAttributes('human', 'warrior');
    const equipped = [{ stats: { attack: 1 }, price: 600_000 }];
    const hero = { name: 'Brom', level: 1, xp: 0, characterClass: 'warrior' as const, attributes, equipped };
    const rich = completeAdventure({ ...hero, copper: 1_000_000 }, { location: 'forest', level: 1 }, createRng(5));
    expect(rich.upkeep).toBe(100);
    expect(rich.messages).toContain("Repairs to Brom's gear cost 1s.");
    const poor = completeAdventure({ ...hero, copper: 3 }, { location: 'forest', level: 1 }, createRng(5));
    expect(poor.upkeep).toBe(3 + poor.copperGained);
  });
});
