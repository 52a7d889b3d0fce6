import { describe, expect, it } from 'vitest';
import { TIERS } from '../types.ts';
import { potionTiersForLevel, storePotion } from './potions.ts';

describe('potions (spec 03 §3 potion, §9 store constants)', () => {
  it('health potions: potency 3, 5, 10, 15, 25 for 10c, 25c, 1s25c, 5s, 1g', () => {
    expect(TIERS.map((tier) => storePotion('health', tier).potency)).toEqual([3, 5, 10, 15, 25]);
    expect(TIERS.map((tier) => storePotion('health', tier).price)).toEqual([10, 25, 125, 500, 10_000]);
  });

  it('mana potions: potency 3, 5, 10, 15, 25 for 15c, 35c, 1s50c, 7s50c, 1g50s', () => {
    expect(TIERS.map((tier) => storePotion('mana', tier).potency)).toEqual([3, 5, 10, 15, 25]);
    expect(TIERS.map((tier) => storePotion('mana', tier).price)).toEqual([15, 35, 150, 750, 15_000]);
  });

  it('names and describes each potion', () => {
    expect(storePotion('health', 'common')).toEqual({
      kind: 'potion',
      name: 'Minor Health Potion',
      tier: 'common',
      target: 'health',
      potency: 3,
      price: 10,
      description: 'Restores 3 health when you drink it.',
    });
    expect(TIERS.map((tier) => storePotion('mana', tier).name)).toEqual([
      'Minor Mana Potion',
      'Lesser Mana Potion',
      'Potent Mana Potion',
      'Greater Mana Potion',
      'Supreme Mana Potion',
    ]);
  });

  it('unlocks a tier every 5 levels', () => {
    expect(potionTiersForLevel(1)).toEqual(['common']);
    expect(potionTiersForLevel(4)).toEqual(['common']);
    expect(potionTiersForLevel(5)).toEqual(['common', 'uncommon']);
    expect(potionTiersForLevel(9)).toEqual(['common', 'uncommon']);
    expect(potionTiersForLevel(10)).toEqual(['common', 'uncommon', 'rare']);
    expect(potionTiersForLevel(15)).toEqual(['common', 'uncommon', 'rare', 'epic']);
    expect(potionTiersForLevel(20)).toEqual([...TIERS]);
    expect(potionTiersForLevel(50)).toEqual([...TIERS]);
  });
});
