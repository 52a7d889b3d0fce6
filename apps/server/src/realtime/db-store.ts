import type { Db } from '../db/client.ts';
import { blockPeerIds } from '../db/queries/friendships.ts';
import {
  countLiveConnections,
  deleteConnection,
  deleteInstanceConnections,
  deleteStaleConnections,
  insertConnection,
  liveSessionIds,
  markConnectionsLive,
  markPlayerSeen,
  markPlayersSeen,
  sessionExists,
  setOnlineIfChanged,
} from '../db/queries/realtime.ts';
import type { RealtimeStore } from './store.ts';

/** The realtime store of the API process: each operation one statement of db/queries. */
export function dbStore(db: Db): RealtimeStore {
  return {
    insertConnection: (row) => insertConnection(db, row),
    deleteConnection: (id) => deleteConnection(db, id),
    deleteInstanceConnections: (instanceId) => deleteInstanceConnections(db, instanceId),
    deleteStaleConnections: (cutoff) => deleteStaleConnections(db, cutoff),
    countLiveConnections: (userId, cutoff) => countLiveConnections(db, userId, cutoff),
    markConnectionsLive: (ids, now) => markConnectionsLive(db, ids, now),
    setOnlineIfChanged: (userId, isOnline, now) => setOnlineIfChanged(db, userId, isOnline, now),
    markPlayerSeen: (userId, now) => markPlayerSeen(db, userId, now),
    markPlayersSeen: (userIds, now) => markPlayersSeen(db, userIds, now),
    liveSessionIds: (sessionIds, now) => liveSessionIds(db, sessionIds, now),
    sessionExists: (sessionId) => sessionExists(db, sessionId),
    blockPeerIds: (userId) => blockPeerIds(db, userId),
  };
}
