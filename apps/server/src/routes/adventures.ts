import {
  adventureStateResponseSchema,
  characterParamsSchema,
  emptyQuery,
  startAdventureResponseSchema,
  changedKeys,
  invalidatePush,
  startAdventureBodySchema,
  type AdventureStartedPush,
  type AdventureStateResponse,
  type StartAdventureResponse,
} from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { readAdventure, timedState } from '../db/queries/adventures.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { AdventureSettlement } from '../services/adventures/settlement.ts';
import { toAdventureView } from '../services/adventures/shared.ts';
import { setOut } from '../services/adventures/start.ts';
import { adventureState } from '../services/adventures/view.ts';
import { characterIdParam, found } from './characters/shared.ts';

export interface AdventureRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  config: Config;
  scheduler: Scheduler;
  adventures: AdventureSettlement;
}

/** Spec 02 §2 launcher and banner, §4 "Adventure", §7 start. Thin: validate, load, rules, save. */
export async function adventureRoutes(app: FastifyInstance, { db, guard, hub, config, scheduler, adventures }: AdventureRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stateSchema = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: adventureStateResponseSchema } };
  api.get('/api/characters/:id/adventure', { onRequest: guard, schema: stateSchema }, async (request): Promise<AdventureStateResponse> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const now = new Date();
    // The catch-up's state and the view in one round trip; read again only when the catch-up changed something.
    const [state, read] = await Promise.all([timedState(db, userId, now), readAdventure(db, userId, characterId)]);
    const view = (await adventures.catchUpFrom(userId, state, now)) ? await readAdventure(db, userId, characterId) : read;
    return adventureState(found(view), config.timeScale);
  });

  const startSchema = { params: characterParamsSchema, body: startAdventureBodySchema, response: { 201: startAdventureResponseSchema } };
  api.post('/api/characters/:id/adventures', { onRequest: guard, schema: startSchema }, async (request, reply): Promise<StartAdventureResponse> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const { body } = request;
    const { begun, stored, name } = found(await setOut(db, adventures, userId, characterId, { ...body, timeScale: config.timeScale }));
    const { adventure } = begun;
    scheduler.poke(adventure.endTime);
    const started: AdventureStartedPush = {
      type: 'adventure-started',
      characterId,
      location: adventure.location,
      level: adventure.level,
      endTime: adventure.endTime.toISOString(),
    };
    const keys = begun.step
      ? [...changedKeys.adventureStarted(characterId), ...changedKeys.firstSteps(begun.step.reward > 0)]
      : changedKeys.adventureStarted(characterId);
    pusher(hub, request.log).notify(userId, started, invalidatePush(keys));
    reply.status(201);
    return { adventure: toAdventureView(adventure, name), messages: stored };
  });
}
