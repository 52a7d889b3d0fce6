import { queryKeys } from '@rpg/contract';
import { castSpell, equippedBonuses, maxHealthWithGear, SPELL_NAMES, SPELL_USAGE } from '@rpg/game';
import { listInventory } from '../db/queries/inventory.ts';
import { saveCast } from '../db/queries/spells.ts';
import { applyManaRegen } from '../db/queries/vitals.ts';
import { lockedCharacter } from './character.ts';
import type { CommandDef } from './types.ts';

/** Spec 02 §8-§9, DECISIONS §3 "Spells outside combat". */
export function magicCommands(): CommandDef[] {
  return [
    {
      name: 'spell',
      usage: '/spell [name]',
      help: `Casts a spell for mana: ${SPELL_NAMES.join(', ')}. Heal restores health; the others help your next adventure.`,
      args: [SPELL_NAMES],
      group: 'Magic',
      async run(ctx, args) {
        if (args.length === 0) {
          ctx.say('system', SPELL_USAGE);
          return;
        }
        const row = await lockedCharacter(ctx);
        // Spec 02 §4 "Mana": what has regenerated counts before the cost is checked.
        const a = await applyManaRegen(ctx.tx, row.attributes, ctx.now, ctx.config.timeScale);
        // Heal restores up to max health with gear, as potions do (spec 02 §3, §8).
        const maxHealth = maxHealthWithGear(a, equippedBonuses(await listInventory(ctx.tx, ctx.characterId)));
        const cast = castSpell(
          { currentHealth: a.currentHealth, maxHealth, currentMana: a.currentMana, maxMana: a.maxMana, effects: row.character.spellEffects },
          args.join(' '),
        );
        await saveCast(ctx.tx, ctx.characterId, cast.state);
        ctx.say('mana', cast.message);
        ctx.invalidate(queryKeys.characters, queryKeys.adventure(ctx.characterId));
      },
    },
  ];
}
