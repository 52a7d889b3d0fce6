import { describe, expect, it } from 'vitest';
import { secretSeed } from '../src/services/seed.ts';

/** Security (spec 03 rolls, chests, poker decks, adventures): seeds nobody can predict or see twice. */
describe('secretSeed', () => {
  it('hands out 128-bit hex seeds, never the same twice, across many 4 KB blocks', () => {
    const seeds = Array.from({ length: 2000 }, () => secretSeed());
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seeds).size).toBe(seeds.length);
  });
});
