import { resetAttributePoints, upgradeAttribute, type AttributePointsState } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { attributesOf, getCharacterForUpdate, saveAttributePoints } from '../../db/queries/characters.ts';
import { player } from '../../http/session.ts';
import { announceChange, characterIdParam, found, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';

/** One of strength, dexterity, intelligence, constitution, attack, magicPower, speed, defense. */
export const upgradeAttributeBody = z.object({ attribute: z.string() });

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
  app.post('/api/characters/:id/attributes/upgrade', { preHandler: guard }, async (request): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const { attribute } = upgradeAttributeBody.parse(request.body === undefined ? {} : request.body);
    const character = await db.transaction((tx) => applyToPoints(tx, userId, id, (state) => upgradeAttribute(state, attribute)));
    announceChange(hub, request.log, userId);
    return { character };
  });

  app.post('/api/characters/:id/attributes/reset', { preHandler: guard }, async (request): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const character = await db.transaction((tx) => applyToPoints(tx, userId, id, resetAttributePoints));
    announceChange(hub, request.log, userId);
    return { character };
  });
}
