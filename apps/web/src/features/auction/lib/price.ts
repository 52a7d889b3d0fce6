import { copper, listingFee, toCopper, type Coins, type Copper } from '@rpg/game';

/** The price fields as typed. */
export interface PriceText {
  gold: string;
  silver: string;
  copper: string;
}

/**
 * Spec 03 section 5: price inputs are numeric and non-numeric counts as 0; gold is at least 0,
 * silver and copper 0-99 (a larger number counts as 99). Fractions are cut to whole coins.
 */
export function parseCoin(text: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, max);
}

export function parsePrice(text: PriceText): Coins {
  return { gold: parseCoin(text.gold, 1_000_000_000), silver: parseCoin(text.silver, 99), copper: parseCoin(text.copper, 99) };
}

export function priceInCopper(text: PriceText): Copper {
  return toCopper(parsePrice(text));
}

/** The listing fee of a price, 0 when there is no price yet. */
export function feeFor(price: number): Copper {
  return price > 0 ? listingFee(copper(price)) : copper(0);
}
