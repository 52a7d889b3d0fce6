import { characterParamsSchema, emptyBody, noContentSchema } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { activateOldestIfNone, deleteCharacter, getCharacterForUpdate, lockOwner, lockTimedWork } from '../../db/queries/characters.ts';
import { recordDeletion } from '../../db/queries/ledger.ts';
import { player } from '../../http/session.ts';
import { removeUpload } from '../../http/uploads.ts';
import { announceChange, characterIdParam, found, type CharacterRouteDeps } from './shared.ts';
import { transaction } from '../../db/transaction.ts';

/**
 * DELETE /api/characters/:id: the character and its rows (cascade), then its images.
 * If it was the active one, the oldest remaining becomes active (spec 01 §4).
 */
export function deleteCharacterRoute(app: FastifyInstance, { db, guard, hub, dataDir }: CharacterRouteDeps): void {
  app.delete(
    '/api/characters/:id',
    { onRequest: guard, schema: { params: characterParamsSchema, body: emptyBody, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const deleted = await transaction(db, async (tx) => {
        await lockOwner(tx, userId);
        await lockTimedWork(tx, userId, id);
        const { character } = found(await getCharacterForUpdate(tx, userId, id));
        await recordDeletion(tx, id);
        await deleteCharacter(tx, userId, id);
        if (character.isActive) await activateOldestIfNone(tx, userId);
        return character;
      });
      await removeUpload(dataDir, deleted.avatarPath, request.log);
      await removeUpload(dataDir, deleted.backgroundPath, request.log);
      // Off the boards; its chat lines no longer name a character.
      announceChange(hub, request.log, userId, { tops: true, chat: true });
      return reply.status(204).send();
    },
  );
}
