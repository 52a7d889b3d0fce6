import type { FastifyInstance } from 'fastify';
import { attributeRoutes } from './attributes.ts';
import { createCharacterRoute } from './create.ts';
import { deleteCharacterRoute } from './delete.ts';
import { historyRoute } from './history.ts';
import { listCharactersRoute } from './list.ts';
import { selectCharacterRoute } from './select.ts';
import type { CharacterRouteDeps } from './shared.ts';
import { updateCharacterRoute } from './update.ts';

export { imageRoutes as characterImageRoutes } from './images.ts';
export type { CharacterListResponse, CharacterResponse, CharacterView } from './view.ts';

/**
 * The characters issue: /api/characters and its sub-routes. Every query is scoped to the signed-in player.
 * The avatar and background uploads (characterImageRoutes) are registered with the other uploads (app.ts).
 */
export async function characterRoutes(app: FastifyInstance, deps: CharacterRouteDeps): Promise<void> {
  listCharactersRoute(app, deps);
  createCharacterRoute(app, deps);
  selectCharacterRoute(app, deps);
  updateCharacterRoute(app, deps);
  deleteCharacterRoute(app, deps);
  attributeRoutes(app, deps);
  historyRoute(app, deps);
}
