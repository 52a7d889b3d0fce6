import { toCopper, type Coins, type Copper } from '@rpg/game';

/** Gold, silver and copper fields as the player typed them (auction prices, gifts). */
export interface CoinText {
  gold: string;
  silver: string;
  copper: string;
}

export const EMPTY_COIN_TEXT: CoinText = { gold: '', silver: '', copper: '' };

/** Gold fields stop here (10^9 gold, far above any purse; keeps copper a safe integer). */
const MAX_GOLD = 1_000_000_000;

/**
 * Spec 03 section 5: coin inputs are numeric and non-numeric counts as 0; gold is at least 0,
 * silver and copper 0-99 (a larger number counts as 99). Fractions are cut to whole coins.
 */
export function parseCoin(text: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, max);
}

export function parseCoinText(text: CoinText): Coins {
  return { gold: parseCoin(text.gold, MAX_GOLD), silver: parseCoin(text.silver, 99), copper: parseCoin(text.copper, 99) };
}

export function coinTextToCopper(text: CoinText): Copper {
  return toCopper(parseCoinText(text));
}
