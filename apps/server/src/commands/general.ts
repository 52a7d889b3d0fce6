import { copper, equippedBonuses, LOCATIONS, MAX_LEVEL, maxHealthWithGear, minutesSeconds, rollDice, toCoins, xpToLeaveLevel } from '@rpg/game';
import { openAdventure } from '../db/queries/adventures.ts';
import { listInventory } from '../db/queries/inventory.ts';
import { applyManaRegen } from '../db/queries/vitals.ts';
import { lockedCharacter } from './character.ts';
import type { CommandContext, CommandDef } from './types.ts';

/** Spec 02 §9 "Commands": /status (/s): level, XP, health, mana, money, chips and the adventure in progress. */
async function statusLines(ctx: CommandContext): Promise<string[]> {
  const row = await lockedCharacter(ctx);
  const c = row.character;
  const a = await applyManaRegen(ctx.tx, row.attributes, ctx.now, ctx.config.timeScale);
  const toNext = xpToLeaveLevel(c.level);
  const coins = toCoins(copper(c.copper));
  const adventure = await openAdventure(ctx.tx, c.id);
  const maxHealth = maxHealthWithGear(a, equippedBonuses(await listInventory(ctx.tx, c.id)));
  const away = adventure
    ? `Adventure: ${LOCATIONS[adventure.location].name} level ${adventure.level}, returning in ${minutesSeconds(adventure.endTime.getTime() - ctx.now.getTime())}`
    : 'Adventure: none';
  return [
    `${c.name} - level ${c.level} ${c.race} ${c.characterClass}`,
    c.level >= MAX_LEVEL ? `XP: ${c.xp} (maximum level)` : `XP: ${c.xp} / ${toNext} (${toNext - c.xp} to next level)`,
    `Health: ${a.currentHealth}/${maxHealth}`,
    `Mana: ${a.currentMana}/${a.maxMana}`,
    `Gold: ${coins.gold}g ${coins.silver}s ${coins.copper}c`,
    `Chips: ${c.casinoChips}`,
    away,
  ];
}

export function generalCommands(): CommandDef[] {
  return [
    {
      name: 'roll',
      usage: '/roll [NdM]',
      help: 'Rolls dice, 1d20 unless you say otherwise (e.g. /roll 2d6).',
      group: 'General',
      async run(ctx, args) {
        // Spec 02 §5 "Dice": NdM with positive integers, default 1d20.
        const roll = rollDice(args.join(' '), ctx.rng);
        const shown = roll.rolls.length === 1 ? `${roll.total}` : `${roll.rolls.join(' + ')} = ${roll.total}`;
        ctx.say('roll', `${ctx.characterName} rolls ${roll.notation}: ${shown}.`);
      },
    },
    {
      name: 'status',
      aliases: ['s'],
      usage: '/status',
      help: 'Shows level, XP, health, mana, money, chips and the adventure in progress.',
      group: 'General',
      async run(ctx) {
        ctx.say('system', (await statusLines(ctx)).join('\n'));
      },
    },
  ];
}
