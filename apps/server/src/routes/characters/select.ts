import { characterParamsSchema, characterResponseSchema, emptyBody } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { activateCharacter, deactivateCharacters, getCharacterForUpdate, lockOwner } from '../../db/queries/characters.ts';
import { player } from '../../http/session.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';

/** POST /api/characters/:id/select: this one active, every other inactive, in one transaction (spec 01 §4). */
export function selectCharacterRoute(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  const schema = { params: characterParamsSchema, body: emptyBody, response: { 200: characterResponseSchema } };
  app.post('/api/characters/:id/select', { onRequest: guard, schema }, async (request): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const character = await transaction(db, async (tx) => {
      await lockOwner(tx, userId);
      found(await getCharacterForUpdate(tx, userId, id));
      await deactivateCharacters(tx, userId, id);
      await activateCharacter(tx, userId, id);
      return loadView(tx, userId, id);
    });
    announceChange(hub, request.log, userId);
    return { character };
  });
}
