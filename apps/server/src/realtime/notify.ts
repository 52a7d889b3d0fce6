import { invalidatePush, type PushMessage, type QueryKey } from '@rpg/contract';
import type { ReadChange } from './bus.ts';
import type { RealtimeHub } from './hub.ts';

interface Log {
  error(o: object, m?: string): void;
}

/**
 * Pushes to open tabs, after a commit. The one way the server tells browsers something: a push
 * never fails the request or the job that made it (the change is committed; a tab that misses a
 * push refetches on reconnect), so a failure is logged here and nowhere else.
 */
export interface Pusher {
  /** To every open tab of one player, in this order. */
  notify(userId: string, ...pushes: PushMessage[]): void;
  /** notify, awaited: resolves once the pushes are published (a failure is logged, never thrown), for what must come after them. */
  delivered(userId: string, ...pushes: PushMessage[]): Promise<void>;
  /** Every open tab of the player refetches these queries (`queryKeys` in @rpg/contract). */
  invalidate(userId: string, keys: readonly QueryKey[]): void;
  /**
   * To every open tab of every player; when the push carries players' activity (`actors`: who
   * wrote the line, whose feed changed), not to the tabs of the players in a block with any of them.
   */
  broadcast(push: PushMessage, actors?: readonly string[]): void;
  /** A block between the two players was made (`blocked`) or lifted: the hub's fan-out follows it. */
  blocksChanged(blockerId: string, blockedId: string, blocked: boolean): void;
  /** The session signed out: its tabs get `signed-out` and are closed. */
  endSession(sessionId: string): void;
  /** The write changed shared reads (the chat, a filter, the tops): every process's read caches drop them (services/read-caches.ts). */
  readsChanged(change: ReadChange): void;
  /** The player's other sessions were revoked: their tabs whose session is gone are closed (they reconnect and are refused). */
  revalidateUser(userId: string): void;
}

export function pusher(hub: Pick<RealtimeHub, 'toUser' | 'broadcast' | 'blocksChanged' | 'endSession' | 'revalidateUser' | 'readsChanged'>, log: Log): Pusher {
  const failed = (push: PushMessage, userId?: string) => (error: unknown) => log.error({ err: error, push: push.type, userId }, 'push failed');
  // One after the other: across processes each publish is its own NOTIFY, which could overtake the previous.
  const delivered = (userId: string, ...pushes: PushMessage[]) =>
    pushes.reduce<Promise<void>>((previous, push) => previous.then(() => hub.toUser(userId, push).catch(failed(push, userId))), Promise.resolve());
  const notify = (userId: string, ...pushes: PushMessage[]) => {
    void delivered(userId, ...pushes);
  };
  return {
    notify,
    delivered,
    invalidate(userId, keys) {
      if (keys.length > 0) notify(userId, invalidatePush(keys));
    },
    broadcast(push, actors) {
      hub.broadcast(push, actors).catch(failed(push));
    },
    blocksChanged(blockerId, blockedId, blocked) {
      hub.blocksChanged(blockerId, blockedId, blocked).catch((error: unknown) => log.error({ err: error, blockerId, blockedId }, 'block change push failed'));
    },
    readsChanged(change) {
      hub.readsChanged(change).catch((error: unknown) => log.error({ err: error, change }, 'reads-changed push failed'));
    },
    endSession(sessionId) {
      hub.endSession(sessionId).catch((error: unknown) => log.error({ err: error }, 'sign-out push failed'));
    },
    revalidateUser(userId) {
      hub.revalidateUser(userId).catch((error: unknown) => log.error({ err: error, userId }, 'session revalidation push failed'));
    },
  };
}
