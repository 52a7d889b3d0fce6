import type { BuyResponse, CharacterView, StoreView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { withPurchase } from './purchase';

const coins = (copper: number) => ({ gold: 0, silver: Math.floor(copper / 100), copper: copper % 100 });
const sword = {
  kind: 'gear' as const,
  name: 'Common Iron Sword',
  tier: 'common' as const,
  slot: 'mainHand' as const,
  stats: { attack: 3 },
  description: '',
  price: 12,
};
const pack = (name: string, tier: 'common' | 'uncommon', equipped: boolean, offerId: string) => ({
  offerId,
  slot: offerId,
  item: { name, tier, slots: tier === 'common' ? 8 : 12, description: '', price: 20 },
  price: 20,
  coins: coins(20),
  sold: false,
  equipped,
});

const store: StoreView = {
  windowStart: '2025-01-01T00:00:00.000Z',
  nextRefresh: '2025-01-01T04:00:00.000Z',
  timeZone: 'UTC',
  sections: {
    gear: [{ offerId: 'g1', slot: 'gear-0', item: sword, price: 12, coins: coins(12), sold: false }],
    potions: [],
    food: [],
    backpacks: [pack("Adventurer's Pack", 'common', true, 'b1'), pack("Traveler's Backpack", 'uncommon', false, 'b2')],
  },
  wallet: { copper: 80, coins: coins(80), casinoChips: 5 },
};

const after = (copper: number) => ({ copper, coins: coins(copper) }) as unknown as CharacterView;

describe('the store after a purchase (spec 03 section 4)', () => {
  it('marks the bought offer sold and takes the wallet from the answered character', () => {
    const offer: BuyResponse['offer'] = { ...store.sections.gear[0]!, sold: true };
    const next = withPurchase(store, { offer, character: after(68) });
    expect(next.sections.gear[0]?.sold).toBe(true);
    expect(next.wallet).toEqual({ copper: 68, coins: coins(68), casinoChips: 5 });
    expect(next.sections.backpacks).toEqual(store.sections.backpacks);
  });

  it('moves the Equipped mark to the bought backpack', () => {
    const offer = { ...pack("Traveler's Backpack", 'uncommon', true, 'b2'), sold: true };
    const next = withPurchase(store, { offer, character: after(60) });
    expect(next.sections.backpacks.map((entry) => [entry.offerId, entry.equipped, entry.sold])).toEqual([
      ['b1', false, false],
      ['b2', true, true],
    ]);
  });
});
