import { changedKeys } from '@rpg/contract';
import { RuleError, type InventoryEntry, type PotionItem } from '@rpg/game';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import { listInventory } from '../db/queries/inventory.ts';
import { useEntry } from '../services/items.ts';
import type { CommandDef } from './types.ts';

/** Spec 02 §5: /potion without an argument (or with another word) shows its usage. */
export const POTION_USAGE = 'Usage: /potion [health|mana] - Drinks your weakest health or mana potion.';
export const noPotionMessage = (target: 'health' | 'mana') => `No ${target} potion found in your inventory.`;

type PotionEntry = InventoryEntry & { item: PotionItem };
const byStrength = (a: PotionEntry, b: PotionEntry) => a.item.potency - b.item.potency || a.item.price - b.item.price;

/**
 * The potion /potion drinks: the weakest one for that target (lowest potency, then the
 * cheapest, then the oldest entry), so the strong ones are kept for later. A 'both'
 * potion (an elixir) is drunk only when no potion of that target is left.
 */
export function weakestPotion(entries: readonly InventoryEntry[], target: 'health' | 'mana'): PotionEntry | undefined {
  const potions = entries.filter((entry): entry is PotionEntry => !entry.equipped && entry.item.kind === 'potion');
  const exact = potions.filter((entry) => entry.item.target === target).sort(byStrength);
  return exact[0] ?? potions.filter((entry) => entry.item.target === 'both').sort(byStrength)[0];
}

export function itemCommands(): CommandDef[] {
  return [
    {
      name: 'potion',
      usage: '/potion [health|mana]',
      help: 'Drink your weakest health or mana potion.',
      group: 'Items',
      async run(ctx, args) {
        const target = args[0]?.toLowerCase();
        if (target !== 'health' && target !== 'mana') {
          ctx.say('system', POTION_USAGE);
          return;
        }
        const row = await getCharacterForUpdate(ctx.tx, ctx.userId, ctx.characterId);
        if (!row) throw new RuleError('character_not_found', 'Error: Character not found.');
        const entries = await listInventory(ctx.tx, ctx.characterId, true);
        const potion = weakestPotion(entries, target);
        if (!potion) throw new RuleError('potion_not_found', noPotionMessage(target));
        const used = await useEntry(ctx.tx, row, entries, potion.id, ctx.now, ctx.config.timeScale);
        // A potion that did something is a 'mana use' line; the consumed-anyway lines are system notes.
        ctx.say(used.healed > 0 || used.manaRestored > 0 ? 'mana' : 'system', used.message);
        if (used.toast.variant === 'info') ctx.toast(used.toast);
        ctx.invalidate(...changedKeys.items(ctx.characterId));
      },
    },
  ];
}
