import { copper, equippedBonuses, maxHealthWithGear, rollDice, rollLine, statusLines, type CharacterStatus } from '@rpg/game';
import { openAdventure } from '../db/queries/adventures.ts';
import { listInventory } from '../db/queries/inventory.ts';
import { applyManaRegen } from '../db/queries/vitals.ts';
import { lockedCharacter } from './character.ts';
import type { CommandContext, CommandDef } from './types.ts';

/** Spec 02 §9 "Commands": what /status (/s) shows, read with the character locked and its mana regenerated. */
async function characterStatus(ctx: CommandContext): Promise<CharacterStatus> {
  const row = await lockedCharacter(ctx);
  const c = row.character;
  const a = await applyManaRegen(ctx.tx, row.attributes, ctx.now, ctx.config.timeScale);
  const adventure = await openAdventure(ctx.tx, c.id);
  const maxHealth = maxHealthWithGear(a, equippedBonuses(await listInventory(ctx.tx, c.id)));
  return {
    name: c.name,
    level: c.level,
    race: c.race,
    characterClass: c.characterClass,
    xp: c.xp,
    currentHealth: a.currentHealth,
    maxHealth,
    currentMana: a.currentMana,
    maxMana: a.maxMana,
    copper: copper(c.copper),
    casinoChips: c.casinoChips,
    adventure: adventure ? { location: adventure.location, level: adventure.level, remainingMs: adventure.endTime.getTime() - ctx.now.getTime() } : null,
  };
}

export function generalCommands(): CommandDef[] {
  return [
    {
      name: 'roll',
      pure: true,
      usage: '/roll [NdM]',
      help: 'Rolls dice, 1d20 unless you say otherwise (e.g. /roll 2d6).',
      group: 'General',
      async run(ctx, args) {
        // Spec 02 §5 "Dice": NdM with positive integers, default 1d20.
        ctx.say('roll', rollLine(ctx.characterName, rollDice(args.join(' '), ctx.rng)));
      },
    },
    {
      name: 'status',
      aliases: ['s'],
      usage: '/status',
      help: 'Shows level, XP, health, mana, money, chips and the adventure in progress.',
      group: 'General',
      async run(ctx) {
        ctx.say('system', statusLines(await characterStatus(ctx)).join('\n'));
      },
    },
  ];
}
