import { RuleError } from '../errors.ts';
import type { InventoryEntry, PotionItem } from '../types.ts';

/** Spec 02 §5: /potion without an argument (or with another word) shows its usage. */
export const POTION_USAGE = 'Usage: /potion [health|mana] - Drinks your weakest health or mana potion.';

export type PotionEntry = InventoryEntry & { item: PotionItem };

const byStrength = (a: PotionEntry, b: PotionEntry) => a.item.potency - b.item.potency || a.item.price - b.item.price;

/**
 * Spec 02 §5 "/potion [health|mana]": the potion the command drinks: the weakest one for
 * that target (lowest potency, then the cheapest, then the oldest entry), so the strong
 * ones are kept for later. A 'both' potion (an elixir) is drunk only when no potion of
 * that target is left. Undefined when there is none.
 */
export function weakestPotion(entries: readonly InventoryEntry[], target: 'health' | 'mana'): PotionEntry | undefined {
  const potions = entries.filter((entry): entry is PotionEntry => !entry.equipped && entry.item.kind === 'potion');
  const exact = potions.filter((entry) => entry.item.target === target).sort(byStrength);
  return exact[0] ?? potions.filter((entry) => entry.item.target === 'both').sort(byStrength)[0];
}

/** Spec 02 §8: /potion with no potion of that target (nor an elixir) left. */
export function noPotionFound(target: 'health' | 'mana'): RuleError {
  return new RuleError('potion_not_found', `No ${target} potion found in your inventory.`);
}
