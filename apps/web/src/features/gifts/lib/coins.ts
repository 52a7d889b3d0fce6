import { toCopper, type Copper } from '@rpg/game';

/** The gold, silver and copper fields as typed. */
export interface CoinText {
  gold: string;
  silver: string;
  copper: string;
}

export const EMPTY_COINS: CoinText = { gold: '', silver: '', copper: '' };

/** A coin field: non-numeric or negative counts as 0, larger than `max` as `max` (like the auction's price fields). */
export function parseCoinField(text: string, max: number): number {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, max);
}

/** The amount typed, in copper (silver and copper 0-99). */
export function coinTextToCopper(text: CoinText): Copper {
  return toCopper({ gold: parseCoinField(text.gold, 100_000), silver: parseCoinField(text.silver, 99), copper: parseCoinField(text.copper, 99) });
}
