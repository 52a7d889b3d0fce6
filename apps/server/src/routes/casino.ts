import { copper, toCoins } from '@rpg/game';
import { changedKeys, type ChipsResponse, type PokerResponse } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { characterParamsSchema, chipsBodySchema, chipsResponseSchema, emptyQuery, pokerResponseSchema } from '@rpg/contract';
import type { Db, Tx } from '../db/client.ts';
import { readPoker } from '../db/queries/casino.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, NO_NOTICE, recordEvents } from '../services/achievements.ts';
import { buyChipsFor, cashOutChipsFor, forDialog, type ChipMove } from '../services/chips.ts';
import { pokerView } from '../services/poker.ts';
import { characterIdParam, found } from './characters/shared.ts';
import { transaction } from '../db/transaction.ts';

export interface CasinoDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
}

type ChipRule = (tx: Tx, userId: string, characterId: string, amount: number) => Promise<ChipMove>;

/** Spec 02 §2 dialogs 'Buy Casino Chips' and 'Cash Out Casino Chips', §5 and §9. */
export async function casinoRoutes(app: FastifyInstance, { db, guard, hub }: CasinoDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // { amount }: a number, or a numeric string; anything else reaches the rule as NaN ('Invalid amount').
  const chips = { params: characterParamsSchema, body: chipsBodySchema, response: { 200: chipsResponseSchema } };
  const chipRoute = (path: string, rule: ChipRule) =>
    api.post(`/api/characters/:id/chips/${path}`, { onRequest: guard, schema: chips }, async (request): Promise<ChipsResponse> => {
      const { userId } = player(request);
      const characterId = characterIdParam(request);
      const amount = request.body;
      const { move, notice } = await transaction(db, async (tx) => {
        const done = await rule(tx, userId, characterId, amount);
        return { move: done, notice: path === 'buy' ? await recordEvents(tx, userId, [{ type: 'chips-bought', chips: amount }]) : NO_NOTICE };
      }).catch((error: unknown) => {
        throw path === 'buy' ? forDialog(error, amount) : error;
      });
      pusher(hub, request.log).invalidate(userId, changedKeys.wallet(characterId));
      announceAchievements(pusher(hub, request.log), userId, notice);
      const { wallet } = move;
      return {
        chips: wallet.casinoChips,
        copper: wallet.copper,
        coins: toCoins(copper(wallet.copper)),
        toast: { title: move.title, description: move.message, variant: 'success' },
      };
    });
  chipRoute('buy', buyChipsFor);
  chipRoute('cash-out', cashOutChipsFor);

  /** The hand as the player may see it (a reload resumes it), and the chips not at the table. */
  const poker = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: pokerResponseSchema } };
  api.get('/api/characters/:id/poker', { onRequest: guard, schema: poker }, async (request): Promise<PokerResponse> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    // One statement (one snapshot), no transaction: the chips and the hand together.
    const { chips, state } = found(await readPoker(db, userId, characterId));
    return { game: pokerView(state), chips };
  });
}
