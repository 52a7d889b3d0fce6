import { COPPER_PER_GOLD, copper, type Copper } from '../currency/copper.ts';

/**
 * Spec 03 §2/§9 fee schedule, with DECISIONS §2: the brackets are the gold amounts of the fee
 * card (10g = 100,000 copper, 50g = 500,000, 100g = 1,000,000). A bracket holds every price
 * from its `from` (inclusive) up to the next bracket's `from`.
 */
export const AUCTION_FEE_BRACKETS = [
  { from: copper(0), rate: 0.05, label: 'Under 10 gold' },
  { from: copper(10 * COPPER_PER_GOLD), rate: 0.1, label: '10 - 49 gold' },
  { from: copper(50 * COPPER_PER_GOLD), rate: 0.15, label: '50 - 99 gold' },
  { from: copper(100 * COPPER_PER_GOLD), rate: 0.2, label: '100 gold and above' },
] as const;

/** Spec 03 §9: the house keeps 5% of a sale (the seller receives the rest, rounded down). */
export const AUCTION_SALE_CUT = 0.05;

/** The fee rate of the bracket `price` falls in. */
export function listingFeeRate(price: Copper): number {
  let rate: number = AUCTION_FEE_BRACKETS[0].rate;
  for (const bracket of AUCTION_FEE_BRACKETS) if (price >= bracket.from) rate = bracket.rate;
  return rate;
}

/**
 * Spec 03 §9 + DECISIONS §2: fee = ceil(rate x price) copper, non-refundable. Integer
 * arithmetic (rate in hundredths), so 10g at 10% is exactly 10,000 and never 10,001.
 */
export function listingFee(price: Copper): Copper {
  const percent = Math.round(listingFeeRate(price) * 100);
  return copper(Math.ceil((price * percent) / 100));
}

/** DECISIONS §2: the seller receives floor(0.95 x price); the buyer pays the full price. */
export function salePayout(price: Copper): Copper {
  const keep = Math.round((1 - AUCTION_SALE_CUT) * 100);
  return copper(Math.floor((price * keep) / 100));
}
