import { describe, expect, it } from 'vitest';
import { ADVENTURE_LEVELS, isLocationId, LOCATIONS, parseLocation } from './locations.ts';

describe('adventure locations (spec 02 §9 Adventure locations, Rewards)', () => {
  it('finds no location in unknown or empty text', () => {
    expect(parseLocation('swamp')).toBeUndefined();
    expect(parseLocation('')).toBeUndefined();
    expect(parseLocation('ice land')).toBeUndefined();
    expect(isLocationId('Forest')).toBe(false);
    expect(isLocationId(3)).toBe(false);
  });

  it('has the five locations with their display names and reward multipliers, 10 levels each', () => {
    expect(Object.values(LOCATIONS).map((l) => [l.id, l.name, l.rewardMultiplier])).toEqual([
      ['forest', 'Forest', 1],
      ['desert', 'Desert', 1.2],
      ['ice', 'Ice Lands', 1.3],
      ['volcano', 'Volcano', 1.5],
      ['caves', 'Caves', 1.4],
    ]);
    expect(ADVENTURE_LEVELS).toBe(10);
  });

  it('reads an id or a display name in any case', () => {
    expect(parseLocation('forest')).toBe('forest');
    expect(parseLocation(' Volcano ')).toBe('volcano');
    expect(parseLocation('ICE')).toBe('ice');
    expect(parseLocation('ice  lands')).toBe('ice');
    expect(isLocationId('caves')).toBe(true);
  });
});
