import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { BATTLE_PASS_REWARDS } from '../content/battlePass.ts';
import { openChest } from '../items/chest.ts';
import { rollDiscovery } from './discovery.ts';
import { localHour, TIME_ZONE_SETTLE_MS, trustedLocalHour } from './localHour.ts';

describe('hidden exploration (spec 03 §3 explore-secret-area, -mountaintop, -depths)', () => {
  it('finds nothing on a defeat, or on a low ice or caves path', () => {
    expect(rollDiscovery({ location: 'forest', level: 1, won: false }, 0)).toBeNull();
    expect(rollDiscovery({ location: 'ice', level: 7, won: true }, 0)).toBeNull();
    expect(rollDiscovery({ location: 'desert', level: 10, won: true }, 0)).toBeNull();
    expect(rollDiscovery({ location: 'forest', level: 1, won: true }, 0.5)).toBeNull();
  });
  it('finds the grove, the summit and the depths on a rare roll', () => {
    expect(rollDiscovery({ location: 'forest', level: 1, won: true }, 0.01)).toBe('hidden-grove');
    expect(rollDiscovery({ location: 'ice', level: 8, won: true }, 0.05)).toBe('mountaintop');
    expect(rollDiscovery({ location: 'caves', level: 10, won: true }, 0.05)).toBe('depths');
  });
});

describe('hidden-night-owl: 3 AM in the player time zone (DECISIONS §4)', () => {
  it('reads the hour in the given zone, and nothing for an unknown zone', () => {
    const at = new Date('2026-01-15T02:30:00Z');
    expect(localHour(at, 'UTC')).toBe(2);
    expect(localHour(at, 'Europe/Berlin')).toBe(3);
    expect(localHour(at, 'Not/AZone')).toBeNull();
    expect(localHour(at, null)).toBeNull();
  });

  it('trusts a zone only a day after it was set or changed, so 3 AM cannot be picked on demand', () => {
    const at = new Date('2026-01-15T02:30:00Z');
    expect(trustedLocalHour(at, 'Europe/Berlin', new Date(at.getTime() - 60_000))).toBeNull();
    expect(trustedLocalHour(at, 'Europe/Berlin', null)).toBeNull();
    expect(trustedLocalHour(at, 'Europe/Berlin', new Date(at.getTime() - TIME_ZONE_SETTLE_MS))).toBe(3);
  });
});

describe('battle-pass chests open into loot (spec 03 §9 chests)', () => {
  it('gives gear of its tier, potions and coin', () => {
    const reward = BATTLE_PASS_REWARDS.find((r) => r.itemName === "Adventurer's Chest");
    if (reward?.grant.kind !== 'item' || reward.grant.item.kind !== 'chest') throw new Error('no chest');
    const opened = openChest(createRng('chest'), reward.grant.item, 4);
    expect(opened.stacks).toHaveLength(2);
    expect(opened.stacks.every((s) => s.item.kind === 'gear' && s.item.tier === 'uncommon')).toBe(true);
    expect(opened.copper).toBe(5_000);
    expect(opened.message).toMatch(/^You open the Adventurer's Chest and find: .+ and 50s\.$/);
  });
});
