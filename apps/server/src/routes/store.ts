import {
  buyOfferBodySchema,
  buyResponseSchema,
  characterParamsSchema,
  emptyQuery,
  storeScheduleSchema,
  storeViewSchema,
  type BuyResponse,
  type StoreSchedule,
  type StoreView,
} from '@rpg/contract';
import { offerNotFound } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player } from '../http/session.ts';
import { announceAchievements, recordEvents } from '../services/achievements.ts';
import { pusher } from '../realtime/notify.ts';
import { buyOffer, readStore, storeSchedule } from '../services/store.ts';
import { characterIdParam, found, loadView } from './characters/shared.ts';
import { toCharacterView } from './characters/view.ts';
import { announceItems, isUuid, type ItemRouteDeps } from './inventory.ts';
import { transaction } from '../db/transaction.ts';

/**
 * Spec 03 §2/§4/§5 store: GET /api/store/schedule, GET /api/characters/:id/store and
 * POST /api/characters/:id/store/buy { offerId }. The window is config.storeTimeZone's.
 */
export async function storeRoutes(app: FastifyInstance, { db, guard, hub, config }: ItemRouteDeps): Promise<void> {
  const timeZone = config.storeTimeZone;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/store/schedule',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: storeScheduleSchema } } },
    async (): Promise<StoreSchedule> => storeSchedule(new Date(), timeZone),
  );

  const storeSchema = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: storeViewSchema } };
  api.get('/api/characters/:id/store', { onRequest: guard, schema: storeSchema }, async (request): Promise<StoreView> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    return found(await readStore(db, userId, id, new Date(), timeZone));
  });

  /** { offerId }: the id of an offer in GET .../store (a row id, unique across windows). */
  const buySchema = { params: characterParamsSchema, body: buyOfferBodySchema, response: { 200: buyResponseSchema } };
  api.post('/api/characters/:id/store/buy', { onRequest: guard, schema: buySchema }, async (request): Promise<BuyResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const { offerId } = request.body;
    if (!isUuid(offerId)) throw offerNotFound();
    const answer = await transaction(db, async (tx) => {
      const { after, equipped, ...outcome } = found(await buyOffer(tx, userId, id, offerId, new Date(), timeZone));
      const bought = outcome.offer.item;
      // The buying character, when active, is the one a reward goes to, and its row is already locked.
      const held = after.character.isActive ? { character: { id } } : undefined;
      const notice = await recordEvents(tx, userId, [{ type: 'store-bought' }, { type: 'item-obtained', tier: bought.tier }], new Date(), held);
      // The character as the purchase left it, unless a first step or a reward changed it since (then read).
      const unchanged = !notice.steps?.length && notice.rewards.length === 0 && notice.rewardedCharacterId === null;
      const character = unchanged ? toCharacterView(after, equipped) : await loadView(tx, userId, id);
      return { answer: { ...outcome, character }, notice };
    });
    announceItems(hub, request.log, userId, id);
    announceAchievements(pusher(hub, request.log), userId, answer.notice);
    return answer.answer;
  });
}
