import { describe, expect, it } from 'vitest';
import { copper } from '../currency/copper.ts';
import type { GearSlot, GearStats, InventoryEntry } from '../types.ts';
import { cappedHealth, effectiveStats, equippedBonuses, gearTotals, maxHealthWithGear } from './stats.ts';

let next = 0;
const gear = (slot: GearSlot, stats: GearStats, equipped: boolean): InventoryEntry => ({
  id: `g${next++}`,
  item: { kind: 'gear', name: slot, tier: 'rare', slot, stats, description: '', price: copper(10) },
  equipped,
  quantity: 1,
});
const attributes = { attack: 2, defense: 1, speed: 0, magicPower: 3, maxHealth: 20 };

describe('equipped gear bonuses (spec 02 §3 gear, §9 speed gear)', () => {
  it('is all zero without equipped gear', () => {
    expect(equippedBonuses([gear('head', { defense: 5 }, false)])).toEqual({ attack: 0, defense: 0, speed: 0, health: 0 });
  });

  it('sums every equipped item, negative stats subtracting', () => {
    const entries = [
      gear('mainHand', { attack: 6, speed: -1 }, true),
      gear('feet', { speed: 3, defense: 1 }, true),
      gear('chest', { health: 12 }, true),
      gear('head', { defense: 9 }, false),
    ];
    expect(equippedBonuses(entries)).toEqual({ attack: 6, defense: 1, speed: 2, health: 12 });
  });
});

describe('effective stats for the sheet and combat', () => {
  it('adds gear to attack, defense, speed and max health; magic power stays', () => {
    const entries = [gear('mainHand', { attack: 6 }, true), gear('chest', { health: 12, defense: 2 }, true), gear('feet', { speed: 2 }, true)];
    expect(effectiveStats(attributes, entries)).toEqual({ attack: 8, defense: 3, speed: 2, magicPower: 3, maxHealth: 32, gearSpeed: 2 });
  });

  it('never takes a stat below 0 or max health below 1', () => {
    const entries = [gear('offHand', { defense: -4, speed: -1, health: -30 }, true)];
    expect(effectiveStats(attributes, entries)).toEqual({ attack: 2, defense: 0, speed: 0, magicPower: 3, maxHealth: 1, gearSpeed: -1 });
  });
});

describe('max health with gear, one definition (spec 02 §3 gear stats; §4/§8 health capped at max)', () => {
  it('is at least 1, even when gear health is negative', () => {
    expect(maxHealthWithGear({ maxHealth: 5 }, { health: -9 })).toBe(1);
  });

  it('adds the health of the equipped gear only, and is what effectiveStats and combat read', () => {
    const entries = [gear('chest', { health: 4 }, true), gear('head', { health: 7 }, false), gear('cloak', { health: -1 }, true)];
    expect(maxHealthWithGear({ maxHealth: 10 }, equippedBonuses(entries))).toBe(13);
    expect(maxHealthWithGear({ maxHealth: 10 }, gearTotals([{ stats: { health: 4 } }, { stats: { attack: 2 } }]))).toBe(14);
    expect(effectiveStats({ ...attributes, maxHealth: 10 }, entries).maxHealth).toBe(13);
  });

  it('brings current health down to the maximum when gear health comes off, never below 1', () => {
    expect(cappedHealth(14, 10)).toBe(10);
    expect(cappedHealth(9, 10)).toBe(9);
    expect(cappedHealth(0, 10)).toBe(1);
  });
});
