import { changedKeys, queryKeys, type AdventureStartedPush } from '@rpg/contract';
import { ADVENTURE_LEVELS, ADVENTURE_USAGE, againChoice, BIOMES, LOCATIONS, readAdventureWords, type LocationId } from '@rpg/game';
import { lastSettledAdventure } from '../db/queries/adventures.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { beginAdventure } from '../services/adventures/start.ts';
import { lockedCharacter } from './character.ts';
import type { CommandContext, CommandDef } from './types.ts';

/** The levels a player may type, for Tab completion. */
const LEVEL_ARGS = Array.from({ length: ADVENTURE_LEVELS }, (_, i) => String(i + 1));

/** '3' -> 3; anything that is not a plain whole number is refused by the rules' level check. */
const levelOf = (arg: string | undefined) => (arg === undefined ? 1 : /^\d+$/.test(arg) ? Number(arg) : Number.NaN);

/** Starts an adventure from the console: the 'adventure-start' line, a push, and the scheduler woken after commit. */
async function setOut(ctx: CommandContext, scheduler: Scheduler, location: string, level: number): Promise<void> {
  const row = await lockedCharacter(ctx);
  const { adventure, line, step } = await beginAdventure(ctx.tx, row, { location, level, now: ctx.now, timeScale: ctx.config.timeScale });
  ctx.say('adventure-start', line);
  const started: AdventureStartedPush = {
    type: 'adventure-started',
    characterId: ctx.characterId,
    location: adventure.location,
    level: adventure.level,
    endTime: adventure.endTime.toISOString(),
  };
  ctx.push(started);
  ctx.invalidate(queryKeys.adventure(ctx.characterId));
  if (step) ctx.invalidate(...changedKeys.firstSteps(step.reward > 0));
  ctx.afterCommit(() => scheduler.poke(adventure.endTime));
}

function shortcut(location: LocationId, scheduler: Scheduler): CommandDef {
  return {
    name: location,
    usage: `/${location} [level]`,
    help: `An adventure in the ${LOCATIONS[location].name} at level 1-10 (1 if left out).`,
    args: [LEVEL_ARGS],
    group: 'Adventure',
    async run(ctx, args) {
      await setOut(ctx, scheduler, location, levelOf(args[0]));
    },
  };
}

/** Spec 02 §9 "Commands": /adventure and the five location shortcuts. */
export function adventureCommands({ scheduler }: { scheduler: Scheduler }): CommandDef[] {
  return [
    {
      name: 'adventure',
      usage: '/adventure [location] [level]',
      help: 'Sends your character on a timed adventure: forest, desert, ice, volcano or caves, level 1-10 (1 if left out).',
      args: [BIOMES, LEVEL_ARGS],
      group: 'Adventure',
      async run(ctx, args) {
        if (args.length === 0) {
          ctx.say('system', ADVENTURE_USAGE);
          return;
        }
        // '/adventure ice lands' (level 1), '/adventure Ice Lands 3', '/adventure ice 3'.
        const { location, level } = readAdventureWords(args);
        await setOut(ctx, scheduler, location, level);
      },
    },
    ...BIOMES.map((location) => shortcut(location, scheduler)),
    {
      name: 'again',
      usage: '/again',
      help: 'Sets out once more on your last adventure: the same location and level.',
      group: 'Adventure',
      async run(ctx) {
        const { location, level } = againChoice(await lastSettledAdventure(ctx.tx, ctx.characterId));
        await setOut(ctx, scheduler, location, level);
      },
    },
  ];
}
