import { copperMovement, createNewCharacter, DEFAULT_BACKPACK } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { changedKeys, characterResponseSchema, createCharacterBodySchema } from '@rpg/contract';
import { countCharacters, deactivateCharacters, insertCharacter, lockOwner } from '../../db/queries/characters.ts';
import { recordLedger } from '../../db/queries/ledger.ts';
import type { ZodTypeProvider } from '../../http/schema.ts';
import { player } from '../../http/session.ts';
import { announceChange, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';
import { pusher } from '../../realtime/notify.ts';
import { markFirstStep } from '../../services/first-steps.ts';

/** POST /api/characters: at most 2 per player; the new one becomes the only active one (spec 01 §4). */
export function createCharacterRoute(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  // The body (spec 01 §3 "New-character payload") is checked loosely: the rule reports missing fields with the spec's toasts.
  const schema = { body: createCharacterBodySchema.nullish().transform((body) => body ?? {}), response: { 201: characterResponseSchema } };
  app.withTypeProvider<ZodTypeProvider>().post('/api/characters', { onRequest: guard, schema }, async (request, reply): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const input = request.body;
    const { character, step } = await transaction(db, async (tx) => {
      // The lock makes count-then-insert safe against parallel creates of the same player.
      await lockOwner(tx, userId);
      const created = createNewCharacter(input, await countCharacters(tx, userId));
      await deactivateCharacters(tx, userId);
      const id = await insertCharacter(tx, userId, created, DEFAULT_BACKPACK, true);
      await recordLedger(tx, copperMovement('new_character', { character: id }, created.copper, { reason: 'character_created' }));
      // Issue 44: the first step, its reward into the new character.
      const step = await markFirstStep(tx, userId, 'character', id);
      return { character: await loadView(tx, userId, id), step };
    });
    // A new character is on the boards (in the top while there are fewer than its size).
    announceChange(hub, request.log, userId, { tops: true });
    if (step) pusher(hub, request.log).invalidate(userId, changedKeys.firstSteps(step.reward > 0));
    reply.status(201);
    return { character };
  });
}
