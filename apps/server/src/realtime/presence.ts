import type { PushMessage } from './bus.ts';
import type { RealtimeStore } from './store.ts';
import { SESSION_CHANGED, type Tab } from './tabs.ts';

/** A connection counts as live while it pinged within this window. */
const STALE_AFTER_MS = 90_000;
export const SWEEP_EVERY_MS = 30_000;
/**
 * The heartbeat and the sweep go over the tabs a slice at a time, one slice a second, so each tab is
 * pinged, and its connection and session checked, once per SWEEP_EVERY_MS, and each player seen once:
 * done for 5,000 tabs at once, they held the event loop (~150 ms of pings) and the database (5,000
 * rows and ~420 play-time transactions) every 30 s, and chat lines and requests waited behind them
 * (docs/performance.md, "Realtime and the global chat").
 */
export const HEARTBEAT_SLICES = 30;

/** The slice a player is seen in (a string hash): once per round, however many tabs. */
export function playerSlice(userId: string): number {
  let h = 0;
  for (let i = 0; i < userId.length; i++) h = (Math.imul(h, 31) + userId.charCodeAt(i)) | 0;
  return (h >>> 0) % HEARTBEAT_SLICES;
}

/** One slice of the tabs: a tab that did not answer its last ping (SWEEP_EVERY_MS ago) is dropped, the others pinged. */
export function heartbeat(tabs: Iterable<Pick<Tab, 'slice' | 'alive'> & { socket: Pick<Tab['socket'], 'ping' | 'terminate'> }>, slice: number): void {
  for (const tab of tabs) {
    if (tab.slice !== slice) continue;
    if (!tab.alive) {
      tab.socket.terminate();
      continue;
    }
    tab.alive = false;
    tab.socket.ping();
  }
}

/**
 * Presence across processes: each open tab is a `realtime_connections` row that the sweep keeps
 * fresh; a player is online while any process holds a live row of theirs, and each change of that
 * is broadcast (a `presence` push).
 */
export class Presence {
  constructor(
    private readonly store: RealtimeStore,
    private readonly broadcast: (payload: PushMessage) => Promise<void>,
  ) {}

  /** The player's connections that pinged recently, on every process. */
  async liveConnections(userId: string): Promise<number> {
    return this.store.countLiveConnections(userId, new Date(Date.now() - STALE_AFTER_MS));
  }

  /** Online while any process holds a live connection of the player. */
  async refresh(userId: string): Promise<void> {
    await this.set(userId, (await this.liveConnections(userId)) > 0, new Date());
  }

  async set(userId: string, isOnline: boolean, now: Date): Promise<void> {
    const changed = await this.store.setOnlineIfChanged(userId, isOnline, now);
    if (!changed && isOnline) {
      await this.store.markPlayerSeen(userId, now);
      return;
    }
    if (changed) await this.broadcast({ type: 'presence', userId, isOnline, lastSeen: now.toISOString() });
  }

  /** The tabs' connections live, their ended sessions closed; the players seen (last_seen). */
  async markSeen(tabs: readonly Tab[], players: readonly string[], now: Date): Promise<void> {
    if (tabs.length > 0) {
      await this.store.markConnectionsLive(
        tabs.map((c) => c.id),
        now,
      );
      await this.closeEndedSessions(tabs, now);
    }
    if (players.length > 0) await this.store.markPlayersSeen(players, now);
  }

  /** Connections of any process that stopped pinging (a crashed one) are removed, and their players' presence settled. */
  async dropStale(): Promise<void> {
    const stale = await this.store.deleteStaleConnections(new Date(Date.now() - STALE_AFTER_MS));
    for (const userId of new Set(stale)) await this.refresh(userId);
  }

  /** Closes the sockets whose session no longer exists or has expired (they reconnect and are refused). */
  private async closeEndedSessions(tabs: readonly Tab[], now: Date): Promise<void> {
    const sessionIds = [...new Set(tabs.map((c) => c.sessionId))];
    const alive = new Set(await this.store.liveSessionIds(sessionIds, now));
    for (const tab of tabs) if (!alive.has(tab.sessionId)) tab.socket.close(SESSION_CHANGED, 'session ended');
  }
}
