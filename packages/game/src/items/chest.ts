import { storePotion } from '../content/potions.ts';
import { copper, formatCoins, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';
import type { Rng } from '../rng.ts';
import type { ChestItem } from '../types.ts';
import { createGear } from './gearFactory.ts';
import type { LootStack } from './place.ts';

export interface OpenedChest {
  stacks: LootStack[];
  copper: Copper;
  message: string;
}

/**
 * Battle-pass chests and packs (spec 03 §9 "chests"): opening one uses it up and gives its
 * loot: gear of its tier made for the opener's level (drawn with the server's rng), health
 * potions and coin.
 */
export function openChest(rng: Rng, chest: ChestItem, level: number): OpenedChest {
  const { loot } = chest;
  const stacks: LootStack[] = [];
  for (let i = 0; i < loot.gear; i++) stacks.push({ item: createGear(rng, { tier: loot.gearTier, level: Math.max(1, level) }), quantity: 1 });
  if (loot.potions > 0) stacks.push({ item: storePotion('health', loot.potionTier), quantity: loot.potions });
  const names = stacks.map((s) => (s.quantity > 1 ? `${s.quantity} x ${s.item.name}` : s.item.name));
  return {
    stacks,
    copper: copper(loot.copper),
    message: `You open the ${chest.name} and find: ${names.length > 0 ? `${names.join(', ')} and ` : ''}${formatCoins(copper(loot.copper))}.`,
  };
}

/** Spec 03 §9: a chest whose loot does not fit stays closed (nothing is used up or lost). */
export function chestDoesNotFit(chest: Pick<ChestItem, 'name'>): RuleError {
  return new RuleError('backpack_full', `Make room in your backpack before opening the ${chest.name}.`, { title: 'Backpack Full', status: 409 });
}
