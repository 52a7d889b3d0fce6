import { describe, expect, it } from 'vitest';
import type { ItemDataView } from '@rpg/contract';
import { effectText, gearChanges, itemKindLabel, signed, statLines, TIER_BADGE, TIER_LABELS, TIER_TEXT } from './item-display';

const base = { tier: 'common' as const, description: '', price: 10 };

describe('tier colours (DECISIONS section 2: grey, blue, purple, gold, orange)', () => {
  it('gives each of the five tiers its own colour', () => {
    expect(TIER_TEXT).toEqual({
      common: 'text-slate-300',
      uncommon: 'text-sky-300',
      rare: 'text-purple-300',
      epic: 'text-gold-300',
      legendary: 'text-orange-400',
    });
    expect(new Set(Object.values(TIER_BADGE)).size).toBe(5);
    expect(Object.values(TIER_LABELS)).toEqual(['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary']);
  });
});

describe('statLines', () => {
  it('leaves out missing and zero stats', () => {
    expect(statLines({})).toEqual([]);
    expect(statLines({ speed: 0 })).toEqual([]);
  });

  it('marks negative stats and signs positive ones, in attack, defense, speed, health order', () => {
    expect(statLines({ health: 6, attack: 3, speed: -1 })).toEqual([
      { stat: 'attack', label: 'Attack', text: '+3', negative: false },
      { stat: 'speed', label: 'Speed', text: '-1', negative: true },
      { stat: 'health', label: 'Health', text: '+6', negative: false },
    ]);
  });
});

describe('item labels', () => {
  it('signs numbers', () => {
    expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '-1', '0']);
  });

  it('names the slot of gear and the kind of everything else', () => {
    const sword: ItemDataView = { ...base, name: 'Sword', kind: 'gear', slot: 'mainHand', stats: { attack: 3 } };
    const elixir: ItemDataView = { ...base, name: 'Elixir', kind: 'potion', target: 'both', potency: 30 };
    const bread: ItemDataView = { ...base, name: 'Bread', kind: 'food', healthRestore: 10 };
    expect(itemKindLabel(sword)).toBe('Main Hand');
    expect(itemKindLabel(elixir)).toBe('Elixir');
    expect(itemKindLabel(bread)).toBe('Food');
    expect(effectText(sword)).toBeNull();
    expect(effectText(elixir)).toBe('Restores 30 health and mana');
    expect(effectText({ ...base, name: 'Minor Mana Potion', kind: 'potion', target: 'mana', potency: 3 })).toBe('Restores 3 mana');
    expect(effectText(bread)).toBe('Restores 10 health');
  });
});

describe('gearChanges (issue 44 point 8: the comparison with what is worn)', () => {
  it('is empty when nothing changes', () => {
    expect(gearChanges({ attack: 2 }, { attack: 2, speed: 0 })).toEqual([]);
    expect(gearChanges({}, null)).toEqual([]);
  });

  it('gives each stat the difference, better or worse, against the worn item or an empty slot', () => {
    expect(gearChanges({ attack: 5, speed: 1 }, { attack: 3, speed: 2, health: 4 })).toEqual([
      { stat: 'attack', label: 'Attack', text: '+2', better: true },
      { stat: 'speed', label: 'Speed', text: '-1', better: false },
      { stat: 'health', label: 'Health', text: '-4', better: false },
    ]);
    expect(gearChanges({ defense: 3 }, null)).toEqual([{ stat: 'defense', label: 'Defense', text: '+3', better: true }]);
  });
});
