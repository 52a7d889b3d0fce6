import type { ConnectionRow } from '../db/queries/realtime.ts';
import type { Channel } from './ipc.ts';

/**
 * What the realtime gateway (gateway.ts) reads and writes in the database: the tabs' connection
 * rows, the players' presence, the sessions the tabs were opened with, the blocks. In the API
 * process it is db-store.ts (each a statement of db/queries); in the gateway's own process
 * (gateway-process.ts) each call goes over IPC to the API process, which runs it there: no SQL and
 * no driver in the gateway process.
 */
export interface RealtimeStore {
  insertConnection(row: ConnectionRow): Promise<void>;
  deleteConnection(id: string): Promise<void>;
  /** Every connection of one gateway (it closes or crashed); their players, once per connection. */
  deleteInstanceConnections(instanceId: string): Promise<string[]>;
  deleteStaleConnections(cutoff: Date): Promise<string[]>;
  countLiveConnections(userId: string, cutoff: Date): Promise<number>;
  markConnectionsLive(ids: readonly string[], now: Date): Promise<void>;
  setOnlineIfChanged(userId: string, isOnline: boolean, now: Date): Promise<boolean>;
  markPlayerSeen(userId: string, now: Date): Promise<void>;
  markPlayersSeen(userIds: readonly string[], now: Date): Promise<void>;
  liveSessionIds(sessionIds: readonly string[], now: Date): Promise<string[]>;
  sessionExists(sessionId: string): Promise<boolean>;
  blockPeerIds(userId: string): Promise<string[]>;
}

export type StoreOperation = keyof RealtimeStore;

/** The operations a gateway process may ask for (the API process runs no other). */
export const STORE_OPERATIONS: readonly StoreOperation[] = [
  'insertConnection',
  'deleteConnection',
  'deleteInstanceConnections',
  'deleteStaleConnections',
  'countLiveConnections',
  'markConnectionsLive',
  'setOnlineIfChanged',
  'markPlayerSeen',
  'markPlayersSeen',
  'liveSessionIds',
  'sessionExists',
  'blockPeerIds',
];

export function isStoreOperation(op: string): op is StoreOperation {
  return (STORE_OPERATIONS as readonly string[]).includes(op);
}

/** The store of a gateway process: each call a request to the API process (`store:<operation>`, answered by `serveStore`). */
export function remoteStore(channel: Channel): RealtimeStore {
  const store: Partial<Record<StoreOperation, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const op of STORE_OPERATIONS) store[op] = (...args: unknown[]) => channel.call(`store:${op}`, args);
  return store as unknown as RealtimeStore;
}

/** Runs a gateway process's `store:<operation>` request on the API process's store; undefined when `op` is not one. */
export function serveStore(store: RealtimeStore, op: string, args: unknown): Promise<unknown> | undefined {
  const name = op.startsWith('store:') ? op.slice('store:'.length) : '';
  if (!isStoreOperation(name) || !Array.isArray(args)) return undefined;
  return (store[name] as (...a: unknown[]) => Promise<unknown>)(...(args as unknown[]));
}
