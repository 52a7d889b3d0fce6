import {
  characterParamsSchema,
  commandListSchema,
  consoleAnswerSchema,
  consoleHistoryQuerySchema,
  consoleLineBodySchema,
  consolePageSchema,
  emptyQuery,
  type CommandList,
  type ConsoleAnswer,
  type ConsolePage,
} from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { runConsoleLine } from '../commands/pipeline.ts';
import type { CommandTable } from '../commands/registry.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { TimedState } from '../db/queries/adventures.ts';
import { timedState } from '../db/queries/adventures.ts';
import { consolePage } from '../db/queries/console.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { characterIdParam, ownedBy } from './characters/shared.ts';

export interface ConsoleDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  commands: CommandTable;
  config: Config;
  /** Brings the player's time-based state up to date (due adventures, mana) before a read; answers the player's character ids. */
  catchUp(userId: string): Promise<string[]>;
  /** The same from a state the route read itself; true when something changed (read again). */
  catchUpFrom(userId: string, state: TimedState, now: Date): Promise<boolean>;
  /** Whether a character's time-based state needs that catch-up (the console line reads it with its lock). */
  needsCatchUp(state: TimedState, now: Date): boolean;
}

const HISTORY_PAGE = 200;

export async function consoleRoutes(app: FastifyInstance, { db, guard, hub, commands, config, catchUp, catchUpFrom, needsCatchUp }: ConsoleDeps) {
  /** The console's history, oldest first (the newest page, or the page before `before`). */
  const api = app.withTypeProvider<ZodTypeProvider>();
  const history = { params: characterParamsSchema, querystring: consoleHistoryQuerySchema, response: { 200: consolePageSchema } };
  api.get('/api/characters/:id/console', { onRequest: guard, schema: history }, async (request): Promise<ConsolePage> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const { before } = request.query;
    const now = new Date();
    // The catch-up's state (and the ownership) with the page in one round trip; the page read again
    // only when the catch-up changed something (a settled adventure writes lines).
    const [state, page] = await Promise.all([timedState(db, userId, now), consolePage(db, characterId, HISTORY_PAGE, before)]);
    const changed = await catchUpFrom(userId, state, now);
    ownedBy(state.characterIds, characterId);
    return changed ? consolePage(db, characterId, HISTORY_PAGE, before) : page;
  });

  /** One line typed in the console: validate, run (commands/pipeline.ts), answer. */
  // The line: at most 500 characters, no control characters (PostgreSQL refuses U+0000).
  const line = { params: characterParamsSchema, body: consoleLineBodySchema, response: { 200: consoleAnswerSchema } };
  api.post('/api/characters/:id/console', { onRequest: guard, schema: line }, async (request): Promise<ConsoleAnswer> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const { text } = request.body;
    // Ownership, the lock and the catch-up's check are the line's first statement (commands/pipeline.ts).
    return runConsoleLine({ db, catchUp, needsCatchUp, commands, config, pusher: pusher(hub, request.log), log: request.log }, { userId, characterId, text });
  });

  /** The command table as data (the Commands panel): generated from the table, so it cannot drift. */
  api.get('/api/commands', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: commandListSchema } } }, async (): Promise<CommandList> =>
    commands.helpList(),
  );
}
