import { characterListResponseSchema, emptyQuery } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { activateOldestIfNone, listCharactersNow, lockOwner } from '../../db/queries/characters.ts';
import { player } from '../../http/session.ts';
import { announceChange, type CharacterRouteDeps } from './shared.ts';
import { toCharacterView, type CharacterListResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';

/** GET /api/characters: the player's characters, oldest first (spec 01 §7). */
export function listCharactersRoute(app: FastifyInstance, { db, guard, hub, catchUpFrom }: CharacterRouteDeps): void {
  app.get(
    '/api/characters',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: characterListResponseSchema } } },
    async (request): Promise<CharacterListResponse> => {
      const { userId } = player(request);
      const now = new Date();
      // One statement in the common case: the list, what each wears, and the catch-up's state.
      const first = await listCharactersNow(db, userId, now);
      let rows = first.rows;
      if (await catchUpFrom(userId, first.state, now)) ({ rows } = await listCharactersNow(db, userId, now));
      if (rows.length > 0 && !rows.some((row) => row.character.isActive)) {
        // Spec 01 §4: none active but characters exist, so the oldest becomes active.
        const changed = await transaction(db, async (tx) => {
          await lockOwner(tx, userId);
          return activateOldestIfNone(tx, userId);
        });
        ({ rows } = await listCharactersNow(db, userId, now));
        if (changed) announceChange(hub, request.log, userId);
      }
      return { characters: rows.map((row) => toCharacterView(row, row.equipped)) };
    },
  );
}
