import { assertTimeScale } from '../adventure/duration.ts';

/** Spec 02 §4 "Mana": +1 mana every 30 seconds, up to max. */
export const MANA_REGEN_INTERVAL_MS = 30_000;

export interface ManaState {
  currentMana: number;
  lastRegenAt: number;
}

/** The real interval between two points at a RPG_TIME_SCALE (DECISIONS §3). */
export function manaRegenIntervalMs(timeScale = 1): number {
  assertTimeScale(timeScale);
  return MANA_REGEN_INTERVAL_MS / timeScale;
}

/**
 * Spec 02 §4, DECISIONS §3: mana regenerated lazily from the stored timestamp.
 * Whole intervals elapsed since `lastRegenAt` add 1 point each, up to max, and
 * the timestamp moves on by exactly those intervals, so the part of an interval
 * already waited is kept. At max mana the clock holds at `now` (no credit is
 * banked while full). A clock that went backwards changes nothing.
 */
export function regenerateMana(currentMana: number, maxMana: number, lastRegenAt: number, now: number, timeScale = 1): ManaState {
  const interval = manaRegenIntervalMs(timeScale);
  if (currentMana >= maxMana) return { currentMana, lastRegenAt: Math.max(lastRegenAt, now) };
  const elapsed = now - lastRegenAt;
  if (elapsed <= 0) return { currentMana, lastRegenAt };
  const ticks = Math.floor(elapsed / interval);
  if (currentMana + ticks >= maxMana) return { currentMana: maxMana, lastRegenAt: now };
  return { currentMana: currentMana + ticks, lastRegenAt: lastRegenAt + Math.floor(ticks * interval) };
}
