import type { CharacterView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { atCharacterLimit, isCharacterLost } from './roster';

const roster = [{ id: 'a' }, { id: 'b' }] as CharacterView[];

describe("spec 01 section 2, game hub: 'Character Not Found'", () => {
  it('is lost once the character shown has left the list', () => {
    expect(isCharacterLost(roster, 'c')).toBe(true);
    expect(isCharacterLost([], 'a')).toBe(true);
  });

  it('is not lost while it is listed, or before any character was shown', () => {
    expect(isCharacterLost(roster, 'b')).toBe(false);
    expect(isCharacterLost([], null)).toBe(false);
  });
});

describe('spec 01 section 5: at most 2 characters', () => {
  it('is at the limit from 2', () => {
    expect(atCharacterLimit(1)).toBe(false);
    expect(atCharacterLimit(2)).toBe(true);
  });
});
