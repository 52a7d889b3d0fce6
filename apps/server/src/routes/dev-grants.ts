import { changedKeys, characterParamsSchema } from '@rpg/contract';
import { itemsIn, materialById, materialStack } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import { addItems } from '../db/queries/inventory.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { HttpError } from '../http/errors.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { characterIdParam, found } from './characters/shared.ts';
import { grantRole } from '../ops/admin.ts';
import { OpsError } from '../ops/control.ts';
import { transaction } from '../db/transaction.ts';

const grantBodySchema = z.strictObject({ materialId: z.string().max(60), quantity: z.number().int().min(1).max(99) });
const grantResponseSchema = z.strictObject({ added: z.number().int(), leftBehind: z.number().int() });
const roleBodySchema = z.strictObject({ email: z.string().max(254), role: z.string().max(20) });
const roleResponseSchema = z.strictObject({ message: z.string() });

/**
 * Development only (DEV_GRANTS=1 with NODE_ENV development or test; never mounted in production):
 * POST /api/dev/characters/:id/materials { materialId, quantity } puts crafting materials in one's
 * own character's backpack, as an adventure's drop would (stacked, within the backpack's room).
 * Browser tests use it so that crafting does not depend on random forest drops.
 */
export async function devGrantRoutes(
  app: FastifyInstance,
  { db, guard, hub }: { db: Db; guard: ReturnType<typeof requireUser>; hub: RealtimeHub },
): Promise<void> {
  const schema = { params: characterParamsSchema, body: grantBodySchema, response: { 200: grantResponseSchema } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/dev/characters/:id/materials', { onRequest: guard, schema }, async (request) => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const { materialId, quantity } = request.body;
    if (!materialById(materialId)) throw new HttpError(400, 'unknown_material', `No material '${materialId}'`);
    const result = await transaction(db, async (tx) => {
      found(await getCharacterForUpdate(tx, userId, id));
      const added = await addItems(tx, id, [materialStack(materialId, quantity)]);
      await recordLedger(tx, itemsIn(id, added.added, 'dev_grants', { reason: 'dev_grant' }));
      return added;
    });
    pusher(hub, request.log).invalidate(userId, changedKeys.items(id));
    return { added: result.added.reduce((n, a) => n + a.quantity, 0), leftBehind: result.leftBehind.reduce((n, l) => n + l.quantity, 0) };
  });

  // Issue 28: browser tests make a moderator as `npm run admin -- grant` does (the same function), without stopping the server.
  // Issue 46: only with a session (a signed-in, verified player), as every other development route.
  const roleSchema = { body: roleBodySchema, response: { 200: roleResponseSchema } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/dev/roles', { onRequest: guard, schema: roleSchema }, async (request) => {
    try {
      return { message: await grantRole(db, request.body.email, request.body.role) };
    } catch (error) {
      if (error instanceof OpsError) throw new HttpError(400, 'grant_refused', error.message);
      throw error;
    }
  });
}
