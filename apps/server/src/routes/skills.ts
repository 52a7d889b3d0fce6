import {
  changedKeys,
  characterParamsSchema,
  emptyBody,
  skillChangeResponseSchema,
  skillTreeQuerySchema,
  skillTreeStateSchema,
  unlockSkillBodySchema,
  type SkillChangeResponse,
  type SkillTreeState,
} from '@rpg/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { timedState, type TimedState } from '../db/queries/adventures.ts';
import { getCharacterForUpdate, type CharacterRow } from '../db/queries/characters.ts';
import { readSkills } from '../db/queries/skills.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';
import { reset, treeState, unlock } from '../services/skills.ts';
import { characterIdParam, found } from './characters/shared.ts';
import { transaction } from '../db/transaction.ts';

export interface SkillRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** Settles due adventures first, so points from a level gained are there: from the timed state read with the tree; true when it changed something. */
  catchUpFrom(userId: string, state: TimedState, now: Date): Promise<boolean>;
}

/**
 * Spec 03 §2-§5 skill trees: GET /api/characters/:id/skills[?tree=mage|warrior|rogue],
 * POST .../skills/unlock { skillId }, POST .../skills/reset. Each change runs in one
 * transaction under the character's row lock; only the owner's characters (else 404).
 */
export async function skillRoutes(app: FastifyInstance, { db, guard, hub, catchUpFrom }: SkillRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const getSchema = { params: characterParamsSchema, querystring: skillTreeQuerySchema, response: { 200: skillTreeStateSchema } };
  api.get('/api/characters/:id/skills', { onRequest: guard, schema: getSchema }, async (request): Promise<SkillTreeState> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const now = new Date();
    // The catch-up's state and the tree in one round trip; read again only when the catch-up changed something.
    const [state, read] = await Promise.all([timedState(db, userId, now), readSkills(db, userId, id)]);
    const row = found((await catchUpFrom(userId, state, now)) ? await readSkills(db, userId, id) : read);
    return treeState(row, row.unlocked, request.query.tree);
  });

  /** Lock the character, apply, commit; then every tab of the player refetches the tree and the character. */
  const change = async (request: FastifyRequest, userId: string, id: string, run: (tx: Tx, row: CharacterRow) => Promise<SkillChangeResponse>) => {
    const answer = await transaction(db, async (tx) => run(tx, found(await getCharacterForUpdate(tx, userId, id))));
    pusher(hub, request.log).invalidate(userId, changedKeys.skills(id));
    return answer;
  };

  const unlockSchema = { params: characterParamsSchema, body: unlockSkillBodySchema, response: { 200: skillChangeResponseSchema } };
  api.post('/api/characters/:id/skills/unlock', { onRequest: guard, schema: unlockSchema }, async (request): Promise<SkillChangeResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const { skillId } = request.body;
    return change(request, userId, id, (tx, row) => unlock(tx, row, skillId));
  });

  const resetSchema = { params: characterParamsSchema, body: emptyBody, response: { 200: skillChangeResponseSchema } };
  api.post('/api/characters/:id/skills/reset', { onRequest: guard, schema: resetSchema }, async (request): Promise<SkillChangeResponse> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    return change(request, userId, id, (tx, row) => reset(tx, row));
  });
}
