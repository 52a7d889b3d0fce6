import { characterListResponseSchema, emptyQuery } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { activateOldestIfNone, listCharacters, lockOwner } from '../../db/queries/characters.ts';
import { equippedByCharacter } from '../../db/queries/inventory.ts';
import { player } from '../../http/session.ts';
import { announceChange, type CharacterRouteDeps } from './shared.ts';
import { toCharacterView, type CharacterListResponse } from './view.ts';

/** GET /api/characters: the player's characters, oldest first (spec 01 §7). */
export function listCharactersRoute(app: FastifyInstance, { db, guard, hub, catchUp }: CharacterRouteDeps): void {
  app.get('/api/characters', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: characterListResponseSchema } } }, async (request): Promise<CharacterListResponse> => {
    const { userId } = player(request);
    await catchUp(userId);
    let rows = await listCharacters(db, userId);
    if (rows.length > 0 && !rows.some((row) => row.character.isActive)) {
      // Spec 01 §4: none active but characters exist, so the oldest becomes active.
      const changed = await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        return activateOldestIfNone(tx, userId);
      });
      rows = await listCharacters(db, userId);
      if (changed) announceChange(hub, request.log, userId);
    }
    const worn = await equippedByCharacter(db, rows.map((row) => row.character.id));
    return { characters: rows.map((row) => toCharacterView(row, worn.get(row.character.id) ?? [])) };
  });
}
