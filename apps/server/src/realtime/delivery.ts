import { broadcastTopics, type QueryKey } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authSession } from '../db/schema/index.ts';
import type { BlockPeers } from './blocks.ts';
import type { BusMessage, PushMessage } from './bus.ts';
import { Coalescer } from './coalesce.ts';
import { SESSION_CHANGED, SIGNED_OUT_CLOSE, type Tab, type Tabs } from './tabs.ts';
import { concerns, topicsOf, watchOf, type Topics } from './watch.ts';

/**
 * Bytes a tab may leave unread (ws's `bufferedAmount`: what waits in the socket's buffer) before its
 * socket is dropped (docs/security.md, "Slow readers"). A tab that stopped reading (a suspended
 * laptop, a stalled network) would otherwise make its backlog grow in server memory with every push.
 * The socket is terminated (not closed with a frame the reader would never read): the tab sees the
 * connection drop, reconnects after its back-off and refetches everything, so nothing is missed.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * Pushes to every tab that make tabs refetch (an `invalidate` of the same keys, a player's presence)
 * are delivered at most once per this window and key, the last one kept (realtime/coalesce.ts):
 * a burst of changes costs each tab at most one refetch a second after the first.
 */
export const COALESCE_MS = 1000;
/** Tabs a flush writes to before it lets the event loop serve requests (~2-3 ms of writes; docs/decisions.md, "The realtime wire"). */
export const FLUSH_SLICE = 100;

interface Log {
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

/**
 * Broadcasts with topics are kept this long after their flush: a tab that says it holds a new key
 * gets those about it again (its fetch may have read the database before the change, and its
 * `watch` reached the server after the push went out).
 */
export const REPLAY_MS = 5000;
/** At most this many kept broadcasts (the oldest go first). */
const REPLAY_LIMIT = 1000;

/**
 * A push waiting for the next flush: to every tab (concerned by its `topics`, watch.ts), or to one
 * player's (`userId`), minus `except`'s.
 */
interface Push {
  kind: 'push';
  out: Buffer;
  userId?: string;
  except?: ReadonlySet<string>;
  topics?: Topics;
}

/** A bus message waiting for the next flush. */
type Queued =
  | Push
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'revalidate-user'; userId: string };

/** A push's JSON bytes: made once, however many tabs get it. */
function encode(payload: PushMessage): Buffer {
  return Buffer.from(JSON.stringify(payload));
}

const SIGNED_OUT = encode({ type: 'signed-out' });

/**
 * The way out to this process's tabs: what the bus brings (from any process) is queued and written
 * out together after the current I/O callbacks (setImmediate), FLUSH_SLICE tabs at a time. Each
 * push is serialized once, and lines that arrive while a flush runs share the next one. Every push
 * is a text message sent through ws (`socket.send`).
 */
export class Delivery {
  /** Bus messages since the last flush, in order. */
  private queue: Queued[] = [];
  private flushScheduled = false;
  /** A flush is sending its slices: what arrives meanwhile waits for the next one. */
  private sending = false;
  /** When the oldest queued push reached this process (performance.now()). */
  private queuedAt = 0;
  /** The broadcasts with topics flushed in the last REPLAY_MS, oldest first. */
  private recent: Array<{ at: number; push: Push }> = [];
  /** Broadcast invalidations and presence, by key, as this process delivers them to its tabs (from any process). */
  private readonly coalesced = new Coalescer(COALESCE_MS);
  /** Metrics (/metrics): each flush's pushes and how long the first of them waited, in seconds. */
  onFlushed: ((pushes: number, lagSeconds: number) => void) | undefined;

  constructor(
    private readonly tabs: Tabs,
    private readonly blocks: BlockPeers,
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /** A bus message (other than `blocks-changed`) for this process's tabs. */
  deliver(message: Exclude<BusMessage, { kind: 'blocks-changed' }>): void {
    if (message.kind === 'broadcast') {
      const payload = message.payload;
      // Blocks (issue 25): the tabs of the players in a block with an actor skip the push.
      const actors = payload.type === 'presence' ? [payload.userId] : (message.actors ?? []);
      const topicKeys = broadcastTopics(payload);
      const topics = topicKeys && topicsOf(topicKeys);
      const push = () => this.enqueue({ kind: 'push', out: encode(payload), except: this.blocks.hiddenFromAny(actors), topics });
      // A player's presence and an invalidation of the same keys by the same actors are coalesced
      // (COALESCE_MS): the last of a burst is delivered, with the blocks as they are then.
      if (payload.type === 'presence') this.coalesced.run(`presence:${payload.userId}`, push);
      else if (payload.type === 'invalidate') this.coalesced.run(`invalidate:${JSON.stringify(payload.queryKeys)}:${actors.join(',')}`, push);
      else push();
      return;
    }
    if (message.kind === 'user') {
      if (this.tabs.hasPlayer(message.userId)) this.enqueue({ kind: 'push', out: encode(message.payload), userId: message.userId });
    } else this.enqueue(message);
  }

  /** A message to one tab at once (hello, pong), through ws. */
  send(tab: Tab, payload: PushMessage): void {
    this.write(tab, [encode(payload)]);
  }

  /**
   * The tab's `watch` message: from now on it gets the broadcasts about what it holds, and at once
   * those of the last REPLAY_MS about what it did not hold before (at least once: a push flushed
   * while its watch changes may come twice; every push is safe to apply twice).
   */
  watch(tab: Tab, keys: readonly QueryKey[]): void {
    const before = tab.watch;
    tab.watch = watchOf(keys);
    if (!before) return;
    this.forgetOld();
    const missed = this.recent
      .filter(({ push }) => !push.except?.has(tab.userId) && !concerns(before, push.topics) && concerns(tab.watch, push.topics))
      .map(({ push }) => push.out);
    this.write(tab, missed);
  }

  /** Drops what the coalescer holds (the process is closing). */
  close(): void {
    this.coalesced.close();
  }

  private enqueue(entry: Queued): void {
    if (this.queue.length === 0) this.queuedAt = performance.now();
    this.queue.push(entry);
    if (this.flushScheduled || this.sending) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    const queuedAt = this.queuedAt;
    this.queue = [];
    const toEveryone = batch.some((q) => q.kind === 'push' && q.userId === undefined);
    this.keepForReplay(batch);
    const tabs = [...(toEveryone ? this.tabs.all() : this.addressees(batch))];
    this.sending = true;
    this.sendSlice(tabs, 0, (tab) => this.deliverBatch(tab, batch), () => {
      this.sending = false;
      this.onFlushed?.(batch.length, (performance.now() - queuedAt) / 1000);
      // What the bus brought meanwhile: the next flush, after this one (each tab gets its pushes in order).
      if (this.queue.length > 0) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Sends to FLUSH_SLICE tabs, then lets the event loop serve what waits (requests, other sockets)
   * before the next slice: a line of the global chat to 10,000 tabs is ~150 ms of writes, which in
   * one go held every request behind it. A tab that closed meanwhile is skipped by `write`.
   */
  private sendSlice(tabs: readonly Tab[], from: number, send: (tab: Tab) => void, done: () => void): void {
    const to = Math.min(tabs.length, from + FLUSH_SLICE);
    for (let i = from; i < to; i++) send(tabs[i]!);
    if (to < tabs.length) setImmediate(() => this.sendSlice(tabs, to, send, done));
    else done();
  }

  /** The batch's broadcasts with topics, kept REPLAY_MS for the tabs that come to hold a key of theirs. */
  private keepForReplay(batch: readonly Queued[]): void {
    const at = performance.now();
    for (const q of batch) if (q.kind === 'push' && q.userId === undefined && q.topics) this.recent.push({ at, push: q });
    this.forgetOld();
  }

  private forgetOld(): void {
    const cutoff = performance.now() - REPLAY_MS;
    let old = Math.max(0, this.recent.length - REPLAY_LIMIT);
    while (old < this.recent.length && this.recent[old]!.at < cutoff) old++;
    if (old > 0) this.recent.splice(0, old);
  }

  /** The tabs a batch without a broadcast concerns. */
  private addressees(batch: readonly Queued[]): Set<Tab> {
    const found = new Set<Tab>();
    for (const q of batch) {
      if (q.kind === 'session-ended') {
        for (const tab of this.tabs.all()) if (tab.sessionId === q.sessionId) found.add(tab);
      } else if (q.userId !== undefined) for (const tab of this.tabs.ofPlayer(q.userId) ?? []) found.add(tab);
    }
    return found;
  }

  /** What of a mixed batch is due to one tab, in order. */
  private deliverBatch(tab: Tab, batch: readonly Queued[]): void {
    const due: Buffer[] = [];
    for (const q of batch) {
      if (q.kind === 'push') {
        const forTab = q.userId === undefined ? concerns(tab.watch, q.topics) : q.userId === tab.userId;
        if (forTab && !q.except?.has(tab.userId)) due.push(q.out);
      } else if (q.kind === 'session-ended') {
        if (tab.sessionId === q.sessionId) {
          this.write(tab, [...due, SIGNED_OUT]);
          tab.socket.close(SIGNED_OUT_CLOSE, 'signed out');
          return;
        }
      } else if (q.userId === tab.userId) this.revalidate(tab);
    }
    this.write(tab, due);
  }

  /** Closes the tab if its session is gone. Reconnectable: a tab whose session was renewed comes back; a revoked one then gets 4401. */
  private revalidate(tab: Tab): void {
    this.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.id, tab.sessionId))
      .then((rows) => {
        if (rows.length === 0) tab.socket.close(SESSION_CHANGED, 'session changed');
      })
      .catch((error) => this.log.error({ err: error }, 'session revalidation failed'));
  }

  /**
   * Pushes to one tab, in order, each a text message through ws. Several are sent with the tab's
   * connection corked (Node's stream API): ws writes each message as it sends it, and the kernel
   * gets them in one write instead of a write per message (docs/decisions.md, "The realtime wire").
   */
  private write(tab: Tab, outs: readonly Buffer[]): void {
    if (outs.length === 0 || tab.socket.readyState !== tab.socket.OPEN || this.droppedAsSlow(tab)) return;
    if (outs.length === 1) {
      tab.socket.send(outs[0]!, { binary: false });
      return;
    }
    tab.connection.cork();
    try {
      for (const out of outs) tab.socket.send(out, { binary: false });
    } finally {
      tab.connection.uncork();
    }
  }

  /** Drops a tab whose unread backlog passed MAX_BUFFERED_BYTES ('close' then cleans up). */
  private droppedAsSlow(tab: Tab): boolean {
    const buffered = tab.socket.bufferedAmount;
    if (buffered <= MAX_BUFFERED_BYTES) return false;
    this.log.warn({ userId: tab.userId, buffered }, 'a tab stopped reading: its socket is dropped (it reconnects and refetches)');
    tab.socket.terminate();
    return true;
  }
}
