import { changedKeys } from '@rpg/contract';
import { consoleCharacterNotFound, noPotionFound, POTION_USAGE, weakestPotion } from '@rpg/game';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import { listInventory } from '../db/queries/inventory.ts';
import { useEntry } from '../services/items.ts';
import type { CommandDef } from './types.ts';

export function itemCommands(): CommandDef[] {
  return [
    {
      name: 'potion',
      usage: '/potion [health|mana]',
      help: 'Drink your weakest health or mana potion.',
      args: [['health', 'mana']],
      group: 'Items',
      async run(ctx, args) {
        const target = args[0]?.toLowerCase();
        if (target !== 'health' && target !== 'mana') {
          ctx.say('system', POTION_USAGE);
          return;
        }
        const row = await getCharacterForUpdate(ctx.tx, ctx.userId, ctx.characterId);
        if (!row) throw consoleCharacterNotFound();
        const entries = await listInventory(ctx.tx, ctx.characterId, true);
        const potion = weakestPotion(entries, target);
        if (!potion) throw noPotionFound(target);
        const used = await useEntry(ctx.tx, row, entries, potion.id, ctx.now, ctx.config.timeScale);
        // A potion that did something is a 'mana use' line; the consumed-anyway lines are system notes.
        ctx.say(used.healed > 0 || used.manaRestored > 0 ? 'mana' : 'system', used.message);
        if (used.toast.variant === 'info') ctx.toast(used.toast);
        ctx.invalidate(...changedKeys.items(ctx.characterId));
      },
    },
  ];
}
