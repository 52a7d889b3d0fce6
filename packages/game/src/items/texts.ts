import { formatCoins, type Copper } from '../currency/copper.ts';

/** Spec 02 §5/§9: the toasts of the inventory's actions. */
export const ITEM_TOAST_TITLES = {
  equipped: 'Item Equipped',
  unequipped: 'Item Unequipped',
  sold: 'Item Sold',
  used: 'Item Used',
  chestOpened: 'Chest Opened',
} as const;

/** Spec 02 §5: gear put on, and what it replaced (back in the backpack). */
export function equippedText(name: string, swapped: string | null): string {
  return swapped ? `${name} is now equipped. ${swapped} went back to your backpack.` : `${name} is now equipped.`;
}

/** Spec 02 §5: gear taken off. */
export const unequippedText = (name: string) => `${name} went back to your backpack.`;

/** Spec 02 §9: units of an entry sold to the store for `gained` copper. */
export function soldText(name: string, quantity: number, gained: Copper): string {
  return `You sold ${quantity > 1 ? `${quantity} x ` : ''}${name} for ${formatCoins(gained)}.`;
}
