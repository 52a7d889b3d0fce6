import { resetAttributePoints, upgradeAttribute, type AttributePointsState } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { characterParamsSchema, characterResponseSchema, emptyBody, upgradeAttributeBodySchema } from '@rpg/contract';
import type { Tx } from '../../db/client.ts';
import { attributesOf, getCharacterForUpdate, saveAttributePoints } from '../../db/queries/characters.ts';
import type { ZodTypeProvider } from '../../http/schema.ts';
import { player } from '../../http/session.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';
import { transaction } from '../../db/transaction.ts';

type Operation = (state: AttributePointsState) => { state: AttributePointsState };

/** Load (locked) -> rule -> save, in one transaction; answers the saved character. */
async function applyToPoints(tx: Tx, userId: string, id: string, operation: Operation) {
  const row = found(await getCharacterForUpdate(tx, userId, id));
  const { state } = operation({
    level: row.character.level,
    attributes: attributesOf(row.attributes),
    spentAttributePoints: row.character.spentAttributePoints,
  });
  await saveAttributePoints(tx, userId, id, state);
  return loadView(tx, userId, id);
}

/** POST /api/characters/:id/attributes/upgrade { attribute } and POST .../attributes/reset (DECISIONS §3). */
export function attributeRoutes(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: characterResponseSchema };
  api.post(
    '/api/characters/:id/attributes/upgrade',
    { onRequest: guard, schema: { params: characterParamsSchema, body: upgradeAttributeBodySchema, response } },
    async (request): Promise<CharacterResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const { attribute } = request.body;
      const character = await transaction(db, (tx) => applyToPoints(tx, userId, id, (state) => upgradeAttribute(state, attribute)));
      announceChange(hub, request.log, userId, { tops: true });
      return { character };
    },
  );

  api.post(
    '/api/characters/:id/attributes/reset',
    { onRequest: guard, schema: { params: characterParamsSchema, body: emptyBody, response } },
    async (request): Promise<CharacterResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const character = await transaction(db, (tx) => applyToPoints(tx, userId, id, resetAttributePoints));
      announceChange(hub, request.log, userId, { tops: true });
      return { character };
    },
  );
}
