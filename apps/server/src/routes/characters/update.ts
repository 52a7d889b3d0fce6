import { checkCharacterEdit, validateAppearance, validateBasicInformation } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { characterParamsSchema, characterResponseSchema, updateCharacterBodySchema } from '@rpg/contract';
import { z } from 'zod';
import { appearanceOf, getCharacterForUpdate, saveAppearance, updateCharacter } from '../../db/queries/characters.ts';
import type { ZodTypeProvider } from '../../http/schema.ts';
import { player } from '../../http/session.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';

/**
 * Only the supplied fields change (spec 01 §5). Appearance fields merge into the stored
 * appearance; a field sent as null goes back to its default. Level, XP and money change
 * only through play (DECISIONS §1), so they are not accepted here. Race and class are
 * refused with their own toast before the field check.
 */
const updateBody = z.preprocess((body) => {
  checkCharacterEdit(body);
  return body;
}, updateCharacterBodySchema);

/** PATCH /api/characters/:id { name?, gender?, appearance? } */
export function updateCharacterRoute(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  const schema = { params: characterParamsSchema, body: updateBody, response: { 200: characterResponseSchema } };
  app.withTypeProvider<ZodTypeProvider>().patch('/api/characters/:id', { onRequest: guard, schema }, async (request): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const input = request.body;
    const character = await transaction(db, async (tx) => {
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
    // The boards show its name.
    announceChange(hub, request.log, userId, input.name !== undefined ? { tops: true } : undefined);
    return { character };
  });
}
