import { copper, listingFee, type Copper } from '@rpg/game';

/** The listing fee of a price, 0 when there is no price yet. */
export function feeFor(price: number): Copper {
  return price > 0 ? listingFee(copper(price)) : copper(0);
}
