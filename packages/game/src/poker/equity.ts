import type { Rng } from '../rng.ts';
import { cardCode, type Card } from './cards.ts';
import { evaluateCodes } from './evaluate.ts';

/** How many random run-outs the bot's equity estimate draws (issue 42: the bot weighs its cards). */
export const EQUITY_SAMPLES = 48;

/**
 * The share of pots `hole` wins (ties half) on `board` against one random hand, estimated
 * from `samples` random run-outs of the unseen cards (`unseen`: every card neither in `hole`
 * nor on `board`, whoever holds it). Pure: the draws come from `rng`.
 */
export function estimateEquity(hole: readonly Card[], board: readonly Card[], unseen: readonly Card[], rng: Rng, samples = EQUITY_SAMPLES): number {
  const mine = hole.map(cardCode);
  const shared = board.map(cardCode);
  const pool = unseen.map(cardCode);
  const missing = 5 - shared.length;
  const need = 2 + missing;
  let score = 0;
  // On the river the player's own hand is fixed: value it once.
  const fixed = missing === 0 ? evaluateCodes(mine.concat(shared)) : -1;
  for (let s = 0; s < samples; s++) {
    // A partial Fisher-Yates shuffle of the first `need` codes.
    for (let i = 0; i < need; i++) {
      const j = i + Math.floor(rng.next() * (pool.length - i));
      const t = pool[i] as number;
      pool[i] = pool[j] as number;
      pool[j] = t;
    }
    const runout = shared.concat(pool.slice(2, need));
    const a = fixed >= 0 ? fixed : evaluateCodes(mine.concat(runout));
    const b = evaluateCodes([pool[0] as number, pool[1] as number, ...runout]);
    score += a > b ? 1 : a === b ? 0.5 : 0;
  }
  return score / samples;
}
