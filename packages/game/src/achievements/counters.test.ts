import { describe, expect, it } from 'vitest';
import { applyChange, applyFolded, foldChanges, type CounterChange } from './counters.ts';
import { createRng } from '../rng.ts';

/** Spec 03 §3/§4: a counter's changes from one recording, folded into one, give what applying them in order gives. */
describe('foldChanges (spec 03 §3/§4, achievement counters)', () => {
  it('folds adds, maxes and sets of one counter in their order', () => {
    const changes: CounterChange[] = [
      { key: 'b', op: 'add', value: 2 },
      { key: 'a', op: 'max', value: 5 },
      { key: 'b', op: 'max', value: 10 },
      { key: 'b', op: 'add', value: 1 },
      { key: 'a', op: 'set', value: 3 },
      { key: 'a', op: 'add', value: 4 },
    ];
    expect(foldChanges(changes)).toEqual([
      { key: 'a', keep: 0, add: 7, atLeast: null },
      { key: 'b', keep: 1, add: 3, atLeast: 11 },
    ]);
    // b from 0: 0+2 = 2, max 10 = 10, +1 = 11; from 20: 22, 22, 23.
    const [a, b] = foldChanges(changes);
    expect(applyFolded(0, b!)).toBe(11);
    expect(applyFolded(20, b!)).toBe(23);
    expect(applyFolded(100, a!)).toBe(7);
  });

  it('matches the changes applied one by one, for random sequences', () => {
    const rng = createRng('fold');
    const ops = ['add', 'max', 'set'] as const;
    for (let round = 0; round < 500; round++) {
      const changes: CounterChange[] = Array.from({ length: 1 + Math.floor(rng.next() * 8) }, () => ({
        key: `k${Math.floor(rng.next() * 3)}`,
        op: ops[Math.floor(rng.next() * 3)]!,
        value: Math.floor(rng.next() * 20),
      }));
      const start: Record<string, number> = { k0: Math.floor(rng.next() * 30), k1: 0, k2: Math.floor(rng.next() * 30) };
      const stepwise = { ...start };
      for (const change of changes) stepwise[change.key] = applyChange(stepwise[change.key] ?? 0, change);
      const folded = foldChanges(changes);
      expect(folded.map((f) => f.key)).toEqual([...new Set(changes.map((c) => c.key))].sort());
      for (const f of folded) expect(applyFolded(start[f.key] ?? 0, f)).toBe(stepwise[f.key]);
    }
  });
});
