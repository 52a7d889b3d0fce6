import type { BackpackOfferView, ItemOfferView } from '@rpg/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferCard } from './OfferCard';

afterEach(cleanup);

const coins = { gold: 0, silver: 0, copper: 12 };
const sword: ItemOfferView = {
  offerId: 'o1',
  slot: 'gear-0',
  price: 12,
  coins,
  sold: false,
  item: { kind: 'gear', name: 'Rare Iron Sword', tier: 'rare', slot: 'mainHand', stats: { attack: 4, speed: -1 }, description: 'Sharp.', price: 12 },
};
const pack: BackpackOfferView = {
  offerId: 'o2',
  slot: 'backpack-0',
  price: 20,
  coins: { gold: 0, silver: 0, copper: 20 },
  sold: false,
  equipped: true,
  item: { name: "Adventurer's Pack", tier: 'common', slots: 8, description: '', price: 20 },
};

describe('offer card (spec 03 section 2)', () => {
  it('shows a sold offer as a disabled "Sold" button', () => {
    render(<OfferCard offer={{ ...sword, sold: true }} affordable pending={false} onBuy={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Sold Rare Iron Sword' })).toHaveProperty('disabled', true);
  });

  it('reads "Equipped" for the backpack carried', () => {
    render(<OfferCard offer={pack} affordable pending={false} onBuy={vi.fn()} />);
    expect(screen.getByRole('button', { name: "Equipped Adventurer's Pack" })).toHaveProperty('disabled', true);
    expect(screen.getByText('Holds 8 items')).toBeTruthy();
  });

  it('shows name in the tier colour, tier, slot, stats with negatives in red, price, and buys on click', () => {
    const onBuy = vi.fn();
    render(<OfferCard offer={sword} affordable={false} pending={false} onBuy={onBuy} />);
    expect(screen.getByRole('heading', { name: 'Rare Iron Sword' }).className).toContain('text-purple-300');
    expect(screen.getByText('Rare')).toBeTruthy();
    expect(screen.getByText('Main Hand')).toBeTruthy();
    expect(screen.getByText('-1').parentElement?.className).toContain('text-ember-300');
    expect(screen.getByText('+4').parentElement?.className).toContain('text-moss-300');
    expect(screen.getByRole('img', { name: '12 copper' })).toBeTruthy();
    expect(screen.getByText("Can't afford")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy Rare Iron Sword' }));
    expect(onBuy).toHaveBeenCalledWith('o1');
  });
});
