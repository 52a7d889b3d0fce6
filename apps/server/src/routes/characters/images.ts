import { characterParamsSchema, characterResponseSchema, emptyBody } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { getCharacterForUpdate, updateCharacter } from '../../db/queries/characters.ts';
import { player } from '../../http/session.ts';
import { readImage, removeUpload, saveUpload } from '../../http/uploads.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';

const IMAGES = { avatar: 'avatarPath', background: 'backgroundPath' } as const;
const KINDS = { avatar: 'character-avatar', background: 'character-background' } as const;
const FOLDER = 'characters';

/**
 * PUT /api/characters/:id/avatar|background (multipart, one file field 'file'): an image of
 * at most 2 MiB, checked by its bytes (DECISIONS §3), replacing the previous one.
 * DELETE of the same path removes it. Both answer { character }.
 */
export function imageRoutes(app: FastifyInstance, { db, guard, hub, dataDir }: CharacterRouteDeps): void {
  for (const [kind, column] of Object.entries(IMAGES)) {
    // The upload is read by readImage (multipart, checked by its bytes, re-encoded), not by a body schema.
    const upload = { params: characterParamsSchema, consumes: ['multipart/form-data'], response: { 200: characterResponseSchema } };
    app.put(`/api/characters/:id/${kind}`, { onRequest: guard, schema: upload }, async (request): Promise<CharacterResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const { bytes, extension } = await readImage(request, KINDS[kind as keyof typeof KINDS]);
      let stored: string | undefined;
      try {
        const { character, previous } = await transaction(db, async (tx) => {
          const row = found(await getCharacterForUpdate(tx, userId, id));
          stored = await saveUpload(dataDir, FOLDER, bytes, extension);
          await updateCharacter(tx, userId, id, { [column]: stored });
          return { previous: row.character[column], character: await loadView(tx, userId, id) };
        });
        await removeUpload(dataDir, previous, request.log);
        announceChange(hub, request.log, userId);
        return { character };
      } catch (error) {
        // Nothing points at the new file when the transaction did not commit.
        await removeUpload(dataDir, stored, request.log);
        throw error;
      }
    });

    const remove = { params: characterParamsSchema, body: emptyBody, response: { 200: characterResponseSchema } };
    app.delete(`/api/characters/:id/${kind}`, { onRequest: guard, schema: remove }, async (request): Promise<CharacterResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const { character, previous } = await transaction(db, async (tx) => {
        const row = found(await getCharacterForUpdate(tx, userId, id));
        if (row.character[column]) await updateCharacter(tx, userId, id, { [column]: null });
        return { previous: row.character[column], character: await loadView(tx, userId, id) };
      });
      await removeUpload(dataDir, previous, request.log);
      if (previous) announceChange(hub, request.log, userId);
      return { character };
    });
  }
}
