import type { BuyResponse, StoreView } from '@rpg/contract';

type Offer = BuyResponse['offer'];

const isBackpackOffer = (offer: Offer): offer is StoreView['sections']['backpacks'][number] => 'equipped' in offer;

/**
 * The store after a purchase, before the refetch: the bought offer as answered (sold), the wallet
 * from the answered character, and after a backpack the 'Equipped' mark moved to its kind.
 */
export function withPurchase(store: StoreView, { offer, character }: Pick<BuyResponse, 'offer' | 'character'>): StoreView {
  const replace = <T extends Offer>(list: T[]): T[] => list.map((entry) => (entry.offerId === offer.offerId ? (offer as T) : entry));
  const { gear, potions, food } = store.sections;
  let backpacks = replace(store.sections.backpacks);
  if (isBackpackOffer(offer)) {
    const carried = (entry: (typeof backpacks)[number]) => entry.item.name === offer.item.name && entry.item.tier === offer.item.tier;
    backpacks = backpacks.map((entry) => ({ ...entry, equipped: carried(entry) }));
  }
  return {
    ...store,
    sections: { gear: replace(gear), potions: replace(potions), food: replace(food), backpacks },
    wallet: { ...store.wallet, copper: character.copper, coins: character.coins },
  };
}
