import { copper, listingFee, salePayout, type Copper } from '@rpg/game';

/** The listing fee of a price, 0 when there is no price yet. */
export function feeFor(price: number): Copper {
  return price > 0 ? listingFee(copper(price)) : copper(0);
}

/** DECISIONS §2: what the seller receives when the listing sells (the rules' payout), 0 when there is no price yet. */
export function payoutFor(price: number): Copper {
  return price > 0 ? salePayout(copper(price)) : copper(0);
}
