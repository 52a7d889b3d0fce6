import { describe, expect, it } from 'vitest';
import { ADVENTURE_LEVELS, isLocationId, LOCATIONS, parseLocation, readAdventureWords } from './locations.ts';

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

describe('adventure words and launcher labels (spec 02 §2 launcher, §5 /adventure, §9 locations)', () => {
  it('labels the launcher buttons Forest, Desert, Ice, Volcano, Caves', () => {
    expect(Object.values(LOCATIONS).map((location) => location.label)).toEqual(['Forest', 'Desert', 'Ice', 'Volcano', 'Caves']);
    expect(LOCATIONS.ice.name).toBe('Ice Lands');
  });

  it('refuses a level that is not a whole number, and an unknown place, later in startAdventure', () => {
    expect(readAdventureWords(['forest', 'x'])).toEqual({ location: 'forest', level: Number.NaN });
    expect(readAdventureWords(['swamp', '2'])).toEqual({ location: 'swamp', level: 2 });
  });

  it('reads the display name in any case, with or without a level, as well as the id', () => {
    expect(readAdventureWords(['ice', 'lands'])).toEqual({ location: 'ice lands', level: 1 });
    expect(parseLocation(readAdventureWords(['ICE', 'Lands']).location)).toBe('ice');
    expect(readAdventureWords(['Ice', 'Lands', '3'])).toEqual({ location: 'Ice Lands', level: 3 });
    expect(readAdventureWords(['ice', '3'])).toEqual({ location: 'ice', level: 3 });
    expect(readAdventureWords(['volcano'])).toEqual({ location: 'volcano', level: 1 });
  });
});
