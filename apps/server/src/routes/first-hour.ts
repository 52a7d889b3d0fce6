import {
  awaySeenBodySchema,
  awayViewSchema,
  characterParamsSchema,
  changedKeys,
  emptyQuery,
  firstStepsBodySchema,
  firstStepsViewSchema,
  type AwayView,
  type FirstStepsView,
} from '@rpg/contract';
import { awayCardDue, FIRST_STEPS, FIRST_STEPS_REWARD, firstStepsFinished } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { getCharacter } from '../db/queries/characters.ts';
import { awaySummary, markAwaySeen, readFirstHour, setGuideHidden } from '../db/queries/first-hour.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { characterIdParam, found } from './characters/shared.ts';

export interface FirstHourRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  config: Config;
}

/** The guide as the player sees it: every step with its reward, done or not. */
function firstStepsView(row: { steps: string[]; guideHidden: boolean } | undefined): FirstStepsView {
  const done = row?.steps ?? [];
  return {
    steps: FIRST_STEPS.map((step) => ({ id: step.id, title: step.title, hint: step.hint, done: done.includes(step.id) })),
    reward: FIRST_STEPS_REWARD,
    hidden: row?.guideHidden ?? false,
    finished: firstStepsFinished(done),
  };
}

/**
 * Issue 44: the first steps (GET, and PUT { hidden } to skip or reopen the guide; the steps are
 * checked off by the events themselves, services/first-steps.ts) and the away card (GET per
 * character, POST /api/away/seen when it was read).
 */
export async function firstHourRoutes(app: FastifyInstance, { db, guard, hub, config }: FirstHourRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/first-steps',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: firstStepsViewSchema } } },
    async (request): Promise<FirstStepsView> => {
      const { userId } = player(request);
      return firstStepsView(await readFirstHour(db, userId));
    },
  );

  api.put(
    '/api/first-steps',
    { onRequest: guard, schema: { body: firstStepsBodySchema, response: { 200: firstStepsViewSchema } } },
    async (request): Promise<FirstStepsView> => {
      const { userId } = player(request);
      await setGuideHidden(db, userId, request.body.hidden);
      pusher(hub, request.log).invalidate(userId, changedKeys.firstSteps(false));
      return firstStepsView(await readFirstHour(db, userId));
    },
  );

  const awaySchema = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: awayViewSchema } };
  api.get('/api/characters/:id/away', { onRequest: guard, schema: awaySchema }, async (request): Promise<AwayView> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    found(await getCharacter(db, userId, characterId));
    const since = (await readFirstHour(db, userId))?.awaySeenAt ?? null;
    const until = new Date();
    if (!since) return { card: null };
    const summary = await awaySummary(db, userId, characterId, since, until);
    if (!awayCardDue(since.getTime(), until.getTime(), summary, config.timeScale)) return { card: null };
    return { card: { since: since.toISOString(), until: until.toISOString(), summary } };
  });

  // The answer is the away view once read: no card.
  api.post(
    '/api/away/seen',
    { onRequest: guard, schema: { body: awaySeenBodySchema, response: { 200: awayViewSchema } } },
    async (request): Promise<AwayView> => {
      const { userId } = player(request);
      // Never ahead of the server's clock: a tab cannot hide what has not happened yet.
      const at = new Date(Math.min(Date.parse(request.body.until), Date.now()));
      await markAwaySeen(db, userId, at);
      return { card: null };
    },
  );
}
