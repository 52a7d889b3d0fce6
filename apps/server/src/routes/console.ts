import type { CommandList, ConsoleAnswer, ConsolePage } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runConsoleLine } from '../commands/pipeline.ts';
import type { CommandTable } from '../commands/registry.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getCharacter } from '../db/queries/characters.ts';
import { consolePage } from '../db/queries/console.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { characterIdParam, found } from './characters/shared.ts';

export interface ConsoleDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  commands: CommandTable;
  config: Config;
  /** Brings the player's time-based state up to date (due adventures, mana) before a read or a command. */
  catchUp(userId: string): Promise<void>;
}

const HISTORY_PAGE = 200;

const lineBody = z.object({ text: z.string().trim().min(1, 'Type a command or a message.').max(500, 'That line is too long (500 characters at most).') });
const historyQuery = z.object({ before: z.coerce.number().int().positive().optional() });

export async function consoleRoutes(app: FastifyInstance, { db, guard, hub, commands, config, catchUp }: ConsoleDeps) {
  /** The console's history, oldest first (the newest page, or the page before `before`). */
  app.get('/api/characters/:id/console', { preHandler: guard }, async (request): Promise<ConsolePage> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    found(await getCharacter(db, userId, characterId));
    const { before } = historyQuery.parse(request.query);
    await catchUp(userId);
    return consolePage(db, characterId, HISTORY_PAGE, before);
  });

  /** One line typed in the console: validate, run (commands/pipeline.ts), answer. */
  app.post('/api/characters/:id/console', { preHandler: guard }, async (request): Promise<ConsoleAnswer> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const { text } = lineBody.parse(request.body);
    found(await getCharacter(db, userId, characterId));
    await catchUp(userId);
    return runConsoleLine({ db, commands, config, pusher: pusher(hub, request.log), log: request.log }, { userId, characterId, text });
  });

  /** The command table as data (the Commands panel): generated from the table, so it cannot drift. */
  app.get('/api/commands', { preHandler: guard }, async (): Promise<CommandList> => commands.helpList());
}
