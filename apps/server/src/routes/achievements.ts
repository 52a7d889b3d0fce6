import {
  achievementsResetResponseSchema,
  achievementsViewSchema,
  emptyBody,
  emptyQuery,
  queryKeys,
  timeZoneBodySchema,
  timeZoneResponseSchema,
  type AchievementsResetResponse,
  type AchievementsView,
} from '@rpg/contract';
import { ACHIEVEMENTS_RESET_TOAST, checkTimeZone } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { resetProgress, setTimeZone } from '../db/queries/achievements.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, claimBattlePass } from '../services/achievements.ts';
import { achievementsView } from '../services/achievements-view.ts';
import { transaction } from '../db/transaction.ts';

export interface AchievementRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
}

/**
 * Spec 03 §2/§4 achievements: GET /api/achievements, POST /api/achievements/reset (own progress;
 * granted items stay), PUT /api/achievements/time-zone. There is no route that unlocks: achievements
 * come only from game events (DECISIONS §3), counted by services/achievements.ts.
 */
export async function achievementRoutes(app: FastifyInstance, { db, guard, hub }: AchievementRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/achievements',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: achievementsViewSchema } } },
    async (request): Promise<AchievementsView> => {
      const { userId } = player(request);
      return achievementsView(db, userId);
    },
  );

  api.post(
    '/api/achievements/reset',
    { onRequest: guard, schema: { body: emptyBody, response: { 200: achievementsResetResponseSchema } } },
    async (request): Promise<AchievementsResetResponse> => {
      const { userId } = player(request);
      await transaction(db, (tx) => resetProgress(tx, userId, new Date()));
      const achievements = await achievementsView(db, userId);
      pusher(hub, request.log).invalidate(userId, [queryKeys.achievements]);
      return { toast: { ...ACHIEVEMENTS_RESET_TOAST, variant: 'info' }, achievements };
    },
  );

  /** The battle pass's claim button: the levels reached and not yet granted (an item waits only for a character to receive it). */
  api.post(
    '/api/achievements/claim',
    { onRequest: guard, schema: { body: emptyBody, response: { 200: achievementsViewSchema } } },
    async (request): Promise<AchievementsView> => {
      const { userId } = player(request);
      const notice = await transaction(db, (tx) => claimBattlePass(tx, userId, new Date()));
      // 'Level Up Reward!' on every tab, and the refetches of the pass, the backpack and the character.
      announceAchievements(pusher(hub, request.log), userId, notice);
      return achievementsView(db, userId);
    },
  );

  api.put(
    '/api/achievements/time-zone',
    { onRequest: guard, schema: { body: timeZoneBodySchema, response: { 200: timeZoneResponseSchema } } },
    async (request) => {
      const { userId } = player(request);
      const { timeZone } = request.body;
      checkTimeZone(timeZone);
      await setTimeZone(db, userId, timeZone);
      return { ok: true as const };
    },
  );
}
