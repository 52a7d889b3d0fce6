import { changedKeys, type CraftingActionResponse, type CraftingView, type QueryKey } from '@rpg/contract';
import { scrollNotFound } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import {
  characterParamsSchema,
  craftingActionResponseSchema,
  craftingViewSchema,
  emptyBody,
  emptyQuery,
  entryParamsSchema,
  startCraftBodySchema,
} from '@rpg/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { getCharacter } from '../db/queries/characters.ts';
import { getOpenCraft, readCrafting } from '../db/queries/crafting.ts';
import { listInventory } from '../db/queries/inventory.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import { toCraftingView } from '../services/crafting-view.ts';
import { announceAchievements, NO_NOTICE } from '../services/achievements.ts';
import { announceCraft, collectCraftFor, readScrollFor, settleCraft, startCraftFor } from '../services/crafting.ts';
import { characterIdParam, found } from './characters/shared.ts';
import { transaction } from '../db/transaction.ts';

export interface CraftingDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  scheduler: Scheduler;
  timeScale: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadView(db: DbOrTx, userId: string, characterId: string, now: Date, timeScale: number): Promise<CraftingView> {
  const { character } = found(await getCharacter(db, userId, characterId));
  return toCraftingView({
    craftingXp: character.craftingXp,
    unlockedRecipes: character.unlockedRecipes,
    inventory: await listInventory(db, characterId),
    openCraft: await getOpenCraft(db, characterId),
    now,
    timeScale,
  });
}

/** Spec 02 §2 crafting drawer, §4/§5 crafting: the drawer, start, collect, and reading recipe scrolls. */
export async function craftingRoutes(app: FastifyInstance, { db, guard, hub, scheduler, timeScale }: CraftingDeps): Promise<void> {
  const changed = (userId: string, keys: readonly QueryKey[], log: { error(o: object, m?: string): void }) => pusher(hub, log).invalidate(userId, keys);

  /** The drawer. A craft already due is settled first, so the answer never shows one that is over. */
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: craftingActionResponseSchema };
  const drawer = { params: characterParamsSchema, querystring: emptyQuery, response: { 200: craftingViewSchema } };
  api.get('/api/characters/:id/crafting', { onRequest: guard, schema: drawer }, async (request): Promise<CraftingView> => {
    const { userId } = player(request);
    const characterId = characterIdParam(request);
    const now = new Date();
    // One statement outside a transaction; only a craft that is due takes the transaction that settles it.
    const read = found(await readCrafting(db, userId, characterId));
    const open = read.openCraft;
    if (!open || open.result || open.endsAt > now) return toCraftingView({ ...read, openCraft: open, now, timeScale });
    const { view, outcome } = await transaction(db, async (tx) => {
      found(await getCharacter(tx, userId, characterId));
      const open = await getOpenCraft(tx, characterId);
      const outcome = open && !open.result && open.endsAt <= now ? await settleCraft(tx, open.id, characterId, now) : null;
      return { view: await loadView(tx, userId, characterId, now, timeScale), outcome };
    });
    if (outcome) announceCraft(hub, request.log, outcome);
    return view;
  });

  api.post(
    '/api/characters/:id/crafting/start',
    { onRequest: guard, schema: { params: characterParamsSchema, body: startCraftBodySchema, response } },
    async (request): Promise<CraftingActionResponse> => {
      const { userId } = player(request);
      const characterId = characterIdParam(request);
      const recipeId = request.body;
      const now = new Date();
      const { crafting, started } = await transaction(db, async (tx) => {
        const started = await startCraftFor(tx, userId, characterId, recipeId, now, timeScale);
        return { started, crafting: await loadView(tx, userId, characterId, now, timeScale) };
      });
      scheduler.poke(started.craft.endsAt);
      changed(userId, changedKeys.crafting(characterId), request.log);
      return { crafting, toast: { title: started.title, description: started.message, variant: 'success' } };
    },
  );

  /** A finished craft into the backpack: one that waited for room ('Backpack Full'), or one not settled yet. */
  api.post(
    '/api/characters/:id/crafting/collect',
    { onRequest: guard, schema: { params: characterParamsSchema, body: emptyBody, response } },
    async (request): Promise<CraftingActionResponse> => {
      const { userId } = player(request);
      const characterId = characterIdParam(request);
      const now = new Date();
      const { crafting, collected } = await transaction(db, async (tx) => {
        const collected = await collectCraftFor(tx, userId, characterId, now);
        return { collected, crafting: await loadView(tx, userId, characterId, now, timeScale) };
      });
      changed(userId, changedKeys.craftFinished(characterId), request.log);
      announceAchievements(pusher(hub, request.log), userId, collected.outcome.achievements ?? NO_NOTICE);
      return { crafting, toast: { title: collected.title, description: collected.message, variant: 'success' } };
    },
  );

  /** Spec 02 §5: read a recipe scroll from the backpack (learned, or 'You already know this recipe.'). */
  api.post(
    '/api/characters/:id/crafting/scrolls/:entryId/read',
    { onRequest: guard, schema: { params: entryParamsSchema, body: emptyBody, response } },
    async (request): Promise<CraftingActionResponse> => {
      const { userId } = player(request);
      const characterId = characterIdParam(request);
      const { entryId } = request.params;
      const now = new Date();
      const { crafting, read } = await transaction(db, async (tx) => {
        if (!UUID.test(entryId)) {
          found(await getCharacter(tx, userId, characterId));
          throw scrollNotFound();
        }
        const read = await readScrollFor(tx, userId, characterId, entryId);
        return { read, crafting: await loadView(tx, userId, characterId, now, timeScale) };
      });
      changed(userId, changedKeys.crafting(characterId), request.log);
      announceAchievements(pusher(hub, request.log), userId, read.achievements);
      return { crafting, toast: { title: read.title, description: read.message, variant: read.learned ? 'success' : 'info' } };
    },
  );
}
