import { changedKeys, giftBodySchema, giftResponseSchema, inboxTextOf, queryKeys, type GiftReceivedPush, type GiftResponse } from '@rpg/contract';
import { GIFT_SENT_TITLE } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { addInboxEntries } from '../db/queries/notices.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements } from '../services/achievements.ts';
import { giveGift } from '../services/gifts.ts';
import { transaction } from '../db/transaction.ts';

/** POST /api/gifts (DECISIONS §4): copper or items to a friend's active character, with a live notice to them. */
export async function giftRoutes(
  app: FastifyInstance,
  { db, guard, hub, rateLimitFactor }: { db: Db; guard: ReturnType<typeof requireUser>; hub: RealtimeHub; rateLimitFactor: number },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/gifts',
    { onRequest: guard, schema: { body: giftBodySchema, response: { 200: giftResponseSchema } } },
    async (request): Promise<GiftResponse> => {
      const { userId } = player(request);
      await throttlePlayer(db, 'gifts', userId, rateLimitFactor);
      const { gift, received } = await transaction(db, async (tx) => {
        const given = await giveGift(tx, userId, request.body, new Date());
        const push: GiftReceivedPush = { type: 'gift-received', fromName: given.fromName, message: given.receivedMessage };
        // Issue 44: the gift in the receiver's inbox, with the gift.
        await addInboxEntries(tx, [{ userId: given.toUserId, ...inboxTextOf(push) }]);
        return { gift: given, received: push };
      });
      const p = pusher(hub, request.log);
      p.notify(gift.toUserId, received);
      p.invalidate(gift.toUserId, [...changedKeys.items(gift.toCharacterId), queryKeys.console(gift.toCharacterId), queryKeys.inbox]);
      p.invalidate(userId, [...changedKeys.items(gift.fromCharacterId), queryKeys.console(gift.fromCharacterId)]);
      announceAchievements(p, userId, gift.notice);
      return { toast: { title: GIFT_SENT_TITLE, description: gift.message, variant: 'success' }, message: gift.message };
    },
  );
}
