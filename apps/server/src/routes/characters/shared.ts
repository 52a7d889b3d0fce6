import { queryKeys } from '@rpg/contract';
import { characterNotFound } from '@rpg/game';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TimedState } from '../../db/queries/adventures.ts';
import { getCharacter } from '../../db/queries/characters.ts';
import { equippedByCharacter } from '../../db/queries/inventory.ts';
import type { requireUser } from '../../http/session.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { pusher } from '../../realtime/notify.ts';
import { found, ownedBy } from '../../services/characters.ts';
import { toCharacterView, type CharacterView } from './view.ts';
import type { ReadChange } from '../../services/read-caches.ts';

export interface CharacterRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** DATA_DIR: images go to DATA_DIR/uploads/characters/. */
  dataDir: string;
  /** Brings the player's time-based state up to date (due adventures settled, mana regenerated) before a read; answers the player's character ids. */
  catchUp(userId: string): Promise<string[]>;
  /** The same from a state the route read itself; true when something changed (read again). */
  catchUpFrom(userId: string, state: TimedState, now: Date): Promise<boolean>;
}

export { found, ownedBy };

const params = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of the route. An id that cannot exist answers like another player's: 404. */
export function characterIdParam(request: FastifyRequest): string {
  const { id } = params.parse(request.params);
  if (!UUID.test(id)) throw characterNotFound();
  return id;
}

export async function loadView(db: DbOrTx, userId: string, id: string): Promise<CharacterView> {
  const row = found(await getCharacter(db, userId, id));
  return toCharacterView(row, (await equippedByCharacter(db, [id])).get(id) ?? []);
}

/** After a commit: every open tab of the owner refetches its character queries. */
export function announceChange(hub: RealtimeHub, log: FastifyBaseLogger, userId: string, reads?: ReadChange): void {
  if (reads) pusher(hub, log).readsChanged(reads);
  pusher(hub, log).invalidate(userId, [queryKeys.characters]);
}
