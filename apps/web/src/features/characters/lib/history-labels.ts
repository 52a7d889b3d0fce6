import { copper, formatCoins, type LedgerReason } from '@rpg/game';
import type { HistoryEntry } from '@rpg/contract';

/** What each reason reads as in the History (issue 29), when no other player is involved. */
const REASONS: Readonly<Record<LedgerReason, string>> = {
  opening: 'Held before the ledger began',
  character_created: 'Starting purse',
  character_deleted: 'Lost with a deleted character',
  adventure: 'Adventure',
  store_buy: 'Bought in the store',
  store_sell: 'Sold to the store',
  item_used: 'Used up',
  chest: 'Found in a chest',
  auction_list: 'Listed on the auction house',
  auction_fee: 'Auction house fee',
  auction_sale: 'Auction house sale',
  auction_cancel: 'Listing cancelled',
  auction_expiry: 'Listing expired',
  gift: 'Gift',
  chips_buy: 'Bought chips',
  chips_sell: 'Cashed out chips',
  poker: 'Poker',
  craft: 'Crafting',
  scroll: 'Scroll read',
  battle_pass: 'Battle pass reward',
  first_steps: 'First steps reward',
  dev_grant: 'Granted (development)',
};

/** 'Gift from Brom', 'Bought from Brom' (an auction sale), or the reason's own words. */
export function historyLabel(entry: HistoryEntry): string {
  const name = entry.otherPlayer;
  if (entry.reason === 'gift' && name) return entry.direction === 'in' ? `Gift from ${name}` : `Gift to ${name}`;
  if (entry.reason === 'auction_sale' && name) {
    const bought = entry.asset === 'item' ? entry.direction === 'in' : entry.direction === 'out';
    return bought ? `Bought from ${name}` : `Sold to ${name}`;
  }
  return REASONS[entry.reason];
}

/** '+1g 2s 50c', '-300 chips', '+2 x Healing Potion'. */
export function historyAmount(entry: HistoryEntry): string {
  const sign = entry.direction === 'in' ? '+' : '-';
  if (entry.asset === 'copper') return `${sign}${formatCoins(copper(entry.amount))}`;
  if (entry.asset === 'chips') return `${sign}${entry.amount} chips`;
  return `${sign}${entry.amount} x ${entry.itemName ?? 'item'}`;
}
