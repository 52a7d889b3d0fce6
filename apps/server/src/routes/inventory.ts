import { changedKeys, type InventoryActionResponse, type InventoryView, type SellResponse, type UseItemResponse } from '@rpg/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  characterParamsSchema,
  emptyBody,
  emptyQuery,
  entryParamsSchema,
  inventoryActionResponseSchema,
  inventoryViewSchema,
  sellBodySchema,
  sellResponseSchema,
  useItemResponseSchema,
  type SellBody,
} from '@rpg/contract';
import { GEAR_SLOTS, itemNotFound, type AchievementEvent } from '@rpg/game';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { getCharacterForUpdate, type CharacterRow } from '../db/queries/characters.ts';
import { listInventory, readInventory } from '../db/queries/inventory.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { announceAchievements, recordEvents } from '../services/achievements.ts';
import { equipEntry, inventoryView, sellEntry, unequipEntry, useEntry } from '../services/items.ts';
import { characterIdParam, found } from './characters/shared.ts';
import { transaction } from '../db/transaction.ts';

export interface ItemRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  config: Config;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);

/** The :entryId of the route; one that cannot exist answers like another player's (spec 02 §8 toast). */
function entryIdParam(request: FastifyRequest): string {
  const { entryId } = request.params as { entryId: string };
  if (!isUuid(entryId)) throw itemNotFound();
  return entryId;
}

/** After a commit: the owner's tabs refetch the characters, this inventory and this store. */
export function announceItems(hub: RealtimeHub, log: FastifyBaseLogger, userId: string, characterId: string): void {
  pusher(hub, log).invalidate(userId, changedKeys.items(characterId));
}

type EntryAction<I, T> = (tx: Tx, row: CharacterRow, entryId: string, input: I) => Promise<T>;
const noInput = () => undefined;

/**
 * GET /api/characters/:id/inventory and POST /api/characters/:id/inventory/:entryId/
 * equip | unequip | sell { quantity? } | use. Each action: validate, lock the character
 * and its inventory, apply the rule, save, in one transaction; then push the invalidation.
 */
export async function inventoryRoutes(app: FastifyInstance, { db, guard, hub, config }: ItemRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const viewSchema = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: inventoryViewSchema } };
  api.get('/api/characters/:id/inventory', { onRequest: guard, schema: viewSchema }, async (request): Promise<InventoryView> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const read = found(await readInventory(db, userId, id));
    return inventoryView(read.entries, read);
  });

  function action<I, T>(
    name: string,
    schema: { body: z.ZodType; answer: z.ZodType },
    parse: (request: FastifyRequest) => I,
    run: EntryAction<I, T>,
    eventsOf: (answer: T) => AchievementEvent[] = () => [],
  ): void {
    const routeSchema = { params: entryParamsSchema, body: schema.body, response: { 200: schema.answer } };
    app.post(`/api/characters/:id/inventory/:entryId/${name}`, { onRequest: guard, schema: routeSchema }, async (request): Promise<T> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const entryId = entryIdParam(request);
      const input = parse(request);
      const { answer, notice } = await transaction(db, async (tx) => {
        const done = await run(tx, found(await getCharacterForUpdate(tx, userId, id)), entryId, input);
        return { answer: done, notice: await recordEvents(tx, userId, eventsOf(done)) };
      });
      announceItems(hub, request.log, userId, id);
      announceAchievements(pusher(hub, request.log), userId, notice);
      return answer;
    });
  }

  const noBody = { body: emptyBody, answer: inventoryActionResponseSchema };
  action<undefined, InventoryActionResponse>(
    'equip',
    noBody,
    noInput,
    (tx, row, entryId) => equipEntry(tx, row, entryId),
    (answer) => [
      {
        type: 'gear-equipped',
        equipped: GEAR_SLOTS.flatMap((slot) => {
          const entry = answer.inventory.equipped[slot];
          return entry ? [{ slot, tier: entry.item.tier }] : [];
        }),
      },
    ],
  );
  action<undefined, InventoryActionResponse>('unequip', noBody, noInput, (tx, row, entryId) => unequipEntry(tx, row, entryId));
  action<number, SellResponse>(
    'sell',
    { body: sellBodySchema, answer: sellResponseSchema },
    // The body is checked by the route schema (null when none was sent).
    (request) => (request.body as SellBody)?.quantity ?? 1,
    (tx, row, entryId, quantity) => sellEntry(tx, row, entryId, quantity),
    (answer) => [{ type: 'item-sold', copper: answer.copperGained }],
  );
  action<undefined, UseItemResponse>('use', { body: emptyBody, answer: useItemResponseSchema }, noInput, async (tx, row, entryId) => {
    const entries = await listInventory(tx, row.character.id, true);
    return useEntry(tx, row, entries, entryId, new Date(), config.timeScale);
  });
}
