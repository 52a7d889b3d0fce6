import { validateAppearance, validateBasicInformation } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appearanceOf, getCharacterForUpdate, saveAppearance, updateCharacter } from '../../db/queries/characters.ts';
import { HttpError } from '../../http/errors.ts';
import { player } from '../../http/session.ts';
import { appearanceInput } from './create.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';

/**
 * Only the supplied fields change (spec 01 §5). Appearance fields merge into the stored
 * appearance; a field sent as null goes back to its default. Level, XP and money change
 * only through play (DECISIONS §1), so they are not accepted here.
 */
export const updateCharacterBody = z.strictObject({
  name: z.string().optional(),
  gender: z.string().optional(),
  appearance: appearanceInput.optional(),
});

export const FIXED_AT_CREATION_MESSAGE = 'Race and class are chosen at creation and cannot be changed.';

/** PATCH /api/characters/:id { name?, gender?, appearance? } */
export function updateCharacterRoute(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  app.patch('/api/characters/:id', { preHandler: guard }, async (request): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const body: unknown = request.body === undefined ? {} : request.body;
    if (typeof body === 'object' && body !== null && ('race' in body || 'class' in body)) {
      throw new HttpError(400, 'race_class_fixed', FIXED_AT_CREATION_MESSAGE, 'Cannot Change Race or Class');
    }
    const input = updateCharacterBody.parse(body);
    const character = await db.transaction(async (tx) => {
      const row = found(await getCharacterForUpdate(tx, userId, id));
      const { character: current } = row;
      if (input.name !== undefined || input.gender !== undefined) {
        // The creation rule checks the merged result, with its texts ('Name Required', ...).
        const basics = validateBasicInformation({
          name: input.name ?? current.name,
          race: current.race,
          class: current.characterClass,
          gender: input.gender ?? current.gender,
        });
        await updateCharacter(tx, userId, id, { name: basics.name, gender: basics.gender });
      }
      if (input.appearance) {
        await saveAppearance(tx, id, validateAppearance({ ...appearanceOf(row.appearance), ...input.appearance }));
      }
      return loadView(tx, userId, id);
    });
    announceChange(hub, request.log, userId);
    return { character };
  });
}
