import { createNewCharacter, DEFAULT_BACKPACK } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { countCharacters, deactivateCharacters, insertCharacter, lockOwner } from '../../db/queries/characters.ts';
import { player } from '../../http/session.ts';
import { announceChange, loadView, type CharacterRouteDeps } from './shared.ts';
import type { CharacterResponse } from './view.ts';

const text = z.string().nullish();

/** Any appearance field left out or null takes its default (spec 01 §3). */
export const appearanceInput = z.strictObject({
  hairStyle: text,
  hairColor: text,
  eyeColor: text,
  clothesStyle: text,
  skinTone: text,
});

/**
 * Spec 01 §3 "New-character payload". Missing or empty fields are reported by the rule with
 * the spec's toasts; level, xp, money, attributes and backpack are the server's and are ignored.
 */
export const createCharacterBody = z.object({
  name: text,
  race: text,
  class: text,
  gender: text,
  appearance: appearanceInput.nullish(),
});

/** POST /api/characters: at most 2 per player; the new one becomes the only active one (spec 01 §4). */
export function createCharacterRoute(app: FastifyInstance, { db, guard, hub }: CharacterRouteDeps): void {
  app.post('/api/characters', { preHandler: guard }, async (request, reply): Promise<CharacterResponse> => {
    const { userId } = player(request);
    const input = createCharacterBody.parse(request.body === undefined ? {} : request.body);
    const character = await db.transaction(async (tx) => {
      // The lock makes count-then-insert safe against parallel creates of the same player.
      await lockOwner(tx, userId);
      const created = createNewCharacter(input, await countCharacters(tx, userId));
      await deactivateCharacters(tx, userId);
      const id = await insertCharacter(tx, userId, created, DEFAULT_BACKPACK, true);
      return loadView(tx, userId, id);
    });
    announceChange(hub, request.log, userId);
    reply.status(201);
    return { character };
  });
}
