import { describe, expect, it } from 'vitest';
import { createRng } from './rng.ts';

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
