/** Issue 44 point 5: how long a player is gone before the card 'While you were away' is shown. */
export const AWAY_CARD_AFTER_MS = 10 * 60_000;

/** What the away card counts (the server sums it from the ledger, the adventures and the messages). */
export interface AwayCounts {
  won: number;
  lost: number;
  xp: number;
  levels: number;
  copperIn: number;
  copperOut: number;
  itemsIn: readonly unknown[];
  itemsOut: readonly unknown[];
  sales: number;
  gifts: number;
  messages: number;
}

/** Something settled worth a card. */
export function awayHasNews(c: AwayCounts): boolean {
  return c.won + c.lost + c.xp + c.levels + c.copperIn + c.copperOut + c.sales + c.gifts + c.messages > 0 || c.itemsIn.length + c.itemsOut.length > 0;
}

/**
 * The card is due when the player was last here (`since`, null before the first visit) long
 * enough ago (AWAY_CARD_AFTER_MS, shortened by RPG_TIME_SCALE as the adventures are) and something
 * settled meanwhile.
 */
export function awayCardDue(since: number | null, until: number, counts: AwayCounts, timeScale = 1): boolean {
  if (since === null || until - since < AWAY_CARD_AFTER_MS / timeScale) return false;
  return awayHasNews(counts);
}
