import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { getCharacter, type CharacterRow } from '../../db/queries/characters.ts';
import { notFound } from '../../http/errors.ts';
import type { requireUser } from '../../http/session.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { toCharacterView, type CharacterView } from './view.ts';

export interface CharacterRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** DATA_DIR: images go to DATA_DIR/uploads/characters/. */
  dataDir: string;
  /** Brings the player's time-based state up to date (due adventures settled, mana regenerated) before a read. */
  catchUp(userId: string): Promise<void>;
}

export const CHARACTER_NOT_FOUND = 'Character not found';
/** The web app's query key for the character list (and every character in it). */
export const CHARACTERS_QUERY_KEY = ['characters'] as const;

const params = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of the route. An id that cannot exist answers like another player's: 404. */
export function characterIdParam(request: FastifyRequest): string {
  const { id } = params.parse(request.params);
  if (!UUID.test(id)) throw notFound(CHARACTER_NOT_FOUND);
  return id;
}

/** Every query is scoped to the owner, so a row that is missing or someone else's looks the same. */
export function found<T extends CharacterRow | undefined>(row: T): NonNullable<T> {
  if (!row) throw notFound(CHARACTER_NOT_FOUND);
  return row;
}

export async function loadView(db: DbOrTx, userId: string, id: string): Promise<CharacterView> {
  return toCharacterView(found(await getCharacter(db, userId, id)));
}

/** After a commit: every open tab of the owner refetches its character queries. */
export function announceChange(hub: RealtimeHub, log: FastifyBaseLogger, userId: string): void {
  hub.toUser(userId, { type: 'invalidate', queryKeys: [[...CHARACTERS_QUERY_KEY]] }).catch((error: unknown) => {
    log.error({ err: error }, 'character invalidation push failed');
  });
}
