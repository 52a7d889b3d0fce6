import type { HistoryEntry } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { historyAmount, historyLabel } from './history-labels';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-27T01:00:00.000Z',
  direction: 'in',
  asset: 'copper',
  amount: 10_250,
  itemName: null,
  reason: 'store_sell',
  otherPlayer: null,
  otherAccount: 'store',
  ...over,
});

describe('History lines (issue 29, the ledger)', () => {
  it('names the other player on gifts and auction sales, from either side', () => {
    expect(historyLabel(entry({ reason: 'gift', otherPlayer: 'Brom', otherAccount: null }))).toBe('Gift from Brom');
    expect(historyLabel(entry({ reason: 'gift', direction: 'out', otherPlayer: 'Brom', otherAccount: null }))).toBe('Gift to Brom');
    expect(historyLabel(entry({ reason: 'auction_sale', direction: 'out', otherPlayer: 'Brom', otherAccount: null }))).toBe('Bought from Brom');
    expect(historyLabel(entry({ reason: 'auction_sale', asset: 'item', itemName: 'Axe', otherPlayer: 'Brom', otherAccount: 'escrow' }))).toBe(
      'Bought from Brom',
    );
    expect(historyLabel(entry({ reason: 'auction_sale', otherPlayer: 'Brom', otherAccount: null }))).toBe('Sold to Brom');
  });

  it("falls back to the reason's words (a deleted character has no name)", () => {
    expect(historyLabel(entry({ reason: 'gift', otherPlayer: null, otherAccount: null }))).toBe('Gift');
    expect(historyLabel(entry({}))).toBe('Sold to the store');
    expect(historyLabel(entry({ reason: 'auction_fee', direction: 'out', otherAccount: 'auction_fees' }))).toBe('Auction house fee');
  });

  it('shows coins, chips and items with their sign', () => {
    expect(historyAmount(entry({}))).toBe('+1g 2s 50c');
    expect(historyAmount(entry({ asset: 'chips', amount: 300, direction: 'out' }))).toBe('-300 chips');
    expect(historyAmount(entry({ asset: 'item', amount: 2, itemName: 'Healing Potion' }))).toBe('+2 x Healing Potion');
  });
});
