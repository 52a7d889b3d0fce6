import { describe, expect, it } from 'vitest';
import { shuffledDeck } from './poker/cards.ts';
import { createRng, stateFrom } from './rng.ts';

describe('seeded generator', () => {
  it('replays the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(createRng(43).next()).not.toBe(seqA[0]);
  });

  it('draws integers inside the inclusive range with every value reachable', () => {
    const rng = createRng('dice');
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const v = rng.int(1, 6);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(6);
      seen.add(v);
    }
    expect(seen.size).toBe(6);
  });

  it('is close to uniform', () => {
    const rng = createRng(7);
    let sum = 0;
    for (let i = 0; i < 100_000; i++) sum += rng.next();
    expect(sum / 100_000).toBeGreaterThan(0.49);
    expect(sum / 100_000).toBeLessThan(0.51);
  });

  it('refuses an empty pick and an inverted range', () => {
    const rng = createRng(1);
    expect(() => rng.pick([])).toThrow(RangeError);
    expect(() => rng.int(3, 1)).toThrow(RangeError);
  });
});

/** The 32-bit FNV-1a fold the generator used to seed from (security issue: 2^32 decks only). */
function fold32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash >>> 0;
}

describe('seed strength (security: decks and adventures must not be searchable offline)', () => {
  it('keeps two seeds apart even when their old 32-bit folds collide', () => {
    // A birthday search finds two poker seeds (as the server spells them: "<hex>:<action>")
    // whose 32-bit folds are equal: with a 32-bit seed they dealt the very same deck.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair && i < 1_000_000; i++) {
      const seed = `${i.toString(16).padStart(32, '0')}:0`;
      const h = fold32(seed);
      const other = seen.get(h);
      if (other) pair = [other, seed];
      else seen.set(h, seed);
    }
    expect(pair).toBeDefined();
    const [a, b] = pair!;
    expect(fold32(a)).toBe(fold32(b));
    expect(shuffledDeck(createRng(a))).not.toEqual(shuffledDeck(createRng(b)));
    expect(stateFrom(a)).not.toEqual(stateFrom(b));
  });

  it('derives all 128 bits of state from the seed: flipping any one seed bit changes every word', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    const base = stateFrom(hex);
    for (let i = 0; i < hex.length; i++) {
      for (const bit of [1, 2, 4, 8]) {
        const flipped = hex.slice(0, i) + (parseInt(hex[i]!, 16) ^ bit).toString(16) + hex.slice(i + 1);
        const state = stateFrom(flipped);
        for (let w = 0; w < 4; w++) expect(state[w]).not.toBe(base[w]);
      }
    }
  });
});
