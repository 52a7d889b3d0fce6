import { copper, formatCoins, sellValueAt } from '@rpg/game';

/** The confirmation's value line: '12c', or '1s 20c (60c each)' for more than one (the rules' sale of the server's unit value). */
export function sellValueText(unitSellValue: number, quantity: number): string {
  const total = formatCoins(sellValueAt(copper(unitSellValue), quantity));
  return quantity > 1 ? `${total} (${formatCoins(copper(unitSellValue))} each)` : total;
}

/** The quantity picker's text as a whole number from 1 to `max`, or null when it is not one. */
export function parseQuantity(text: string, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}
