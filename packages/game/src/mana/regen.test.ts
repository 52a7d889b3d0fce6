import { describe, expect, it } from 'vitest';
import { manaRegenIntervalMs, regenerateMana } from './regen.ts';

const T = Date.UTC(2024, 0, 1);

describe('mana regeneration (spec 02 §4 Mana, DECISIONS §3 timestamps)', () => {
  it('refuses a non-positive time scale', () => {
    expect(() => regenerateMana(0, 10, T, T, 0)).toThrow(RangeError);
    expect(() => manaRegenIntervalMs(-1)).toThrow(RangeError);
  });

  it('changes nothing when the clock went backwards or less than 30 s passed', () => {
    expect(regenerateMana(3, 10, T, T - 5000)).toEqual({ currentMana: 3, lastRegenAt: T });
    expect(regenerateMana(3, 10, T, T + 29_999)).toEqual({ currentMana: 3, lastRegenAt: T });
  });

  it('adds 1 per 30 s and keeps the partial interval', () => {
    expect(regenerateMana(3, 10, T, T + 30_000)).toEqual({ currentMana: 4, lastRegenAt: T + 30_000 });
    expect(regenerateMana(3, 10, T, T + 95_000)).toEqual({ currentMana: 6, lastRegenAt: T + 90_000 });
    // the 5 s carried over count towards the next point
    expect(regenerateMana(6, 10, T + 90_000, T + 120_000)).toEqual({ currentMana: 7, lastRegenAt: T + 120_000 });
  });

  it('gives the same total when polled often or once', () => {
    let state = { currentMana: 0, lastRegenAt: T };
    for (let t = T; t <= T + 200_000; t += 7_000) state = regenerateMana(state.currentMana, 20, state.lastRegenAt, t);
    expect(state.currentMana).toBe(regenerateMana(0, 20, T, T + 196_000).currentMana);
    expect(state.currentMana).toBe(6);
  });

  it('stops at max and holds the clock at now while full', () => {
    expect(regenerateMana(8, 10, T, T + 600_000)).toEqual({ currentMana: 10, lastRegenAt: T + 600_000 });
    expect(regenerateMana(10, 10, T, T + 45_000)).toEqual({ currentMana: 10, lastRegenAt: T + 45_000 });
    expect(regenerateMana(0, 0, T, T + 45_000)).toEqual({ currentMana: 0, lastRegenAt: T + 45_000 });
  });

  it('speeds up with the time scale', () => {
    expect(manaRegenIntervalMs(1)).toBe(30_000);
    expect(manaRegenIntervalMs(60)).toBe(500);
    expect(regenerateMana(0, 10, T, T + 1_250, 60)).toEqual({ currentMana: 2, lastRegenAt: T + 1_000 });
    expect(regenerateMana(0, 10, T, T + 10, 7)).toEqual({ currentMana: 0, lastRegenAt: T });
    expect(regenerateMana(0, 10, T, T + 4_286, 7)).toEqual({ currentMana: 1, lastRegenAt: T + 4_285 });
  });
});
