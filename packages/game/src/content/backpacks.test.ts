import { describe, expect, it } from 'vitest';
import { TIERS } from '../types.ts';
import { BACKPACKS, DEFAULT_BACKPACK, sameBackpack } from './backpacks.ts';

describe('backpacks (spec 02 §3 backpack, spec 03 §9 backpack tiers)', () => {
  it('has the five tiers with their names and slots', () => {
    expect(TIERS.map((tier) => [BACKPACKS[tier].name, BACKPACKS[tier].slots])).toEqual([
      ["Adventurer's Pack", 8],
      ["Traveler's Backpack", 12],
      ['Enchanted Satchel', 15],
      ['Dragon Hide Pack', 18],
      ['Void Storage Pack', 22],
    ]);
    for (const tier of TIERS) expect(BACKPACKS[tier].tier).toBe(tier);
  });

  it("starts a character with the common Adventurer's Pack and its default description", () => {
    expect(DEFAULT_BACKPACK).toMatchObject({
      name: "Adventurer's Pack",
      tier: 'common',
      slots: 8,
      description: 'A simple leather backpack with enough room for basic adventuring gear.',
    });
  });

  it('prices rise with the tier', () => {
    const prices = TIERS.map((tier) => BACKPACKS[tier].price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBe(5);
  });

  it('compares backpacks by name and tier', () => {
    expect(sameBackpack(BACKPACKS.rare, { name: 'Enchanted Satchel', tier: 'rare' })).toBe(true);
    expect(sameBackpack(BACKPACKS.rare, BACKPACKS.epic)).toBe(false);
  });
});
