import type { Card } from './cards.ts';
import { cardRank } from './cards.ts';

/**
 * A hand's share of pots against one random hand before the flop (ties half), in thousandths,
 * from 4,000 random run-outs each (the bot's preflop judgement, issue 42). Row: the higher
 * card (ace first); column: the lower card (ace first). Above the diagonal suited, below it
 * off-suit, on it the pairs.
 */
const PREFLOP_TABLE: readonly (readonly number[])[] = [
  [853, 684, 663, 643, 642, 634, 620, 609, 601, 602, 597, 575, 576],
  [644, 817, 639, 628, 622, 597, 578, 580, 563, 555, 546, 548, 535],
  [649, 606, 790, 605, 600, 573, 559, 555, 534, 528, 519, 501, 500],
  [623, 608, 583, 772, 578, 569, 548, 531, 514, 509, 495, 480, 471],
  [628, 613, 558, 560, 747, 547, 503, 498, 489, 487, 466, 453, 449],
  [608, 577, 566, 536, 509, 729, 507, 498, 484, 461, 444, 439, 421],
  [604, 560, 531, 509, 487, 487, 693, 478, 475, 446, 435, 407, 401],
  [585, 551, 523, 495, 459, 460, 439, 654, 458, 451, 425, 402, 385],
  [583, 527, 511, 476, 460, 443, 459, 421, 634, 421, 419, 392, 382],
  [577, 522, 485, 473, 444, 421, 424, 415, 407, 593, 409, 399, 378],
  [584, 522, 485, 467, 433, 403, 396, 387, 376, 384, 576, 381, 378],
  [566, 512, 483, 455, 432, 401, 372, 381, 369, 374, 350, 541, 363],
  [549, 509, 470, 446, 429, 391, 376, 351, 351, 362, 338, 309, 496],
];

/** The bot's preflop equity for its two cards, 0..1. */
export function preflopEquity(hole: readonly Card[]): number {
  const [a, b] = hole as [Card, Card];
  const high = Math.max(cardRank(a), cardRank(b));
  const low = Math.min(cardRank(a), cardRank(b));
  const row = 14 - high;
  const column = 14 - low;
  const suited = a.suit === b.suit && high !== low;
  const value = suited ? PREFLOP_TABLE[row]?.[column] : PREFLOP_TABLE[column]?.[row];
  return (value ?? 500) / 1000;
}
