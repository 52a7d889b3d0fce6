import type { Rng } from '../rng.ts';
import { parseCard, type Card } from './cards.ts';

/**
 * A generator for tests that deals a chosen deck and answers next() from a
 * list; it throws when the rules draw more than the test planned.
 */
export function scriptedRng(options: { top?: readonly string[]; draws?: readonly number[] } = {}): Rng & { left(): number } {
  const draws = [...(options.draws ?? [])];
  const top = (options.top ?? []).map(parseCard);
  const next = (): number => {
    const value = draws.shift();
    if (value === undefined) throw new Error('scripted rng: no draw left');
    return value;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    shuffle<T>(items: readonly T[]): T[] {
      const cards = items as unknown as Card[];
      const rest = cards.filter((card) => !top.some((t) => t.display === card.display));
      return [...top, ...rest] as unknown as T[];
    },
    left: () => draws.length,
  };
}

/** The top of the deck for a hand: cards are dealt human, bot, human, bot, then the board. */
export function deal(human: [string, string], bot: [string, string], board: readonly string[]): string[] {
  return [human[0], bot[0], human[1], bot[1], ...board];
}
