import { broadcastTopics, type QueryKey } from '@rpg/contract';
import type { BlockPeers } from './blocks.ts';
import type { BusMessage, PushMessage } from './bus.ts';
import { Coalescer } from './coalesce.ts';
import type { RealtimeStore } from './store.ts';
import { SESSION_CHANGED, SIGNED_OUT_CLOSE, type Tab, type Tabs } from './tabs.ts';
import { concerns, topicsOf, watchOf, type Topics } from './watch.ts';

/**
 * Bytes a tab may leave unread (ws's `bufferedAmount`: what waits in the socket's buffer) before its
 * socket is dropped (docs/security.md, "Sockets"). A tab that stopped reading (a suspended
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
/** Tabs a pass writes to before it lets the event loop serve requests (~0.5-0.7 ms of writes; docs/decisions/realtime.md, "Broadcasts in slices"). */
export const FLUSH_SLICE = 25;
/**
 * Tabs a pass looks at before it lets the event loop serve requests, written to or not (a tab
 * whose screens show none of a broadcast's keys costs a set lookup or two per broadcast it has not
 * had: a fraction of a write).
 */
export const FLUSH_VISITS = 1000;

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
 * A push to every tab (concerned by its `topics`, watch.ts) but `except`'s players'. `seq` orders
 * the broadcasts: a tab's `seen` is the last one it has had (or skipped).
 */
interface Broadcast {
  seq: number;
  out: Buffer;
  except?: ReadonlySet<string>;
  topics?: Topics;
  /** When it reached this process (performance.now()). */
  at: number;
}

/**
 * A bus message for some tabs only, in its place among the broadcasts: it follows the broadcasts up
 * to `after` (the newest when it came).
 */
type Direct = { after: number } & (
  { kind: 'push'; out: Buffer; userId: string } | { kind: 'session-ended'; sessionId: string } | { kind: 'revalidate-user'; userId: string }
);

/** A push's JSON bytes: made once, however many tabs get it. */
function encode(payload: PushMessage): Buffer {
  return Buffer.from(JSON.stringify(payload));
}

const SIGNED_OUT = encode({ type: 'signed-out' });

/**
 * The way out to this process's tabs, for what the bus brings (from any process). Each push is
 * serialized once. Every push is a text message sent through ws (`socket.send`); each tab gets its
 * pushes in the order the bus brought them.
 *
 * - A broadcast joins a log. A pass goes through the tabs the log's new broadcasts concern (by what
 *   they hold: Tabs' index), FLUSH_SLICE tabs written to per turn of the event loop, and gives each
 *   tab what it has not had of the log, in one write. A broadcast that comes while a pass runs
 *   reaches the tabs the pass has not visited yet in that same pass, and the others in the next
 *   one: a line of the chat waits for at most one pass, not for the end of the pass before it.
 * - A push to one player (and a signed-out session, a revalidation) goes after the current I/O
 *   callbacks (setImmediate), or before a pass's next slice if that comes first, to that player's
 *   tabs alone, with the broadcasts they had not had before it: it never waits for a pass over every
 *   tab.
 */
export class Delivery {
  /** The newest broadcast's `seq` (0: none yet). */
  private head = 0;
  /** The broadcasts some tab may not have had yet, oldest first (consecutive `seq`s). */
  private pending: Broadcast[] = [];
  /** A pass is scheduled or sending. */
  private passing = false;
  /** The tabs the pass under way visits (a tab whose `watch` changes meanwhile is added). */
  private visiting: Tab[] | undefined;
  /** Every tab has had the broadcasts up to this one (the `head` when the last pass began). */
  private passedUpTo = 0;
  /** Direct messages since the last direct flush, in order, and when the first of them came. */
  private direct: Direct[] = [];
  private directQueuedAt = 0;
  /** The broadcasts with topics of the last REPLAY_MS, oldest first. */
  private recent: Broadcast[] = [];
  /** Broadcast invalidations and presence, by key, as this process delivers them to its tabs (from any process). */
  private readonly coalesced = new Coalescer(COALESCE_MS);
  /** Metrics (/metrics): each flush's pushes and how long the first of them waited until all was written, in seconds. */
  onFlushed: ((pushes: number, lagSeconds: number) => void) | undefined;

  constructor(
    private readonly tabs: Tabs,
    private readonly blocks: BlockPeers,
    private readonly store: RealtimeStore,
    private readonly log: Log,
  ) {}

  /** A tab joins: it gets the broadcasts from now on. */
  add(tab: Tab): void {
    tab.seen = this.head;
    this.tabs.add(tab);
  }

  /** A bus message (other than `blocks-changed`) for this process's tabs. */
  deliver(message: Exclude<BusMessage, { kind: 'blocks-changed' } | { kind: 'reads-changed' }>): void {
    if (message.kind === 'broadcast') {
      const payload = message.payload;
      // Blocks (issue 25): the tabs of the players in a block with an actor skip the push.
      const actors = payload.type === 'presence' ? [payload.userId] : (message.actors ?? []);
      const topicKeys = broadcastTopics(payload);
      const topics = topicKeys && topicsOf(topicKeys);
      const push = () => this.broadcast(encode(payload), this.blocks.hiddenFromAny(actors), topics);
      // A player's presence and an invalidation of the same keys by the same actors are coalesced
      // (COALESCE_MS): the last of a burst is delivered, with the blocks as they are then.
      if (payload.type === 'presence') this.coalesced.run(`presence:${payload.userId}`, push);
      else if (payload.type === 'invalidate') this.coalesced.run(`invalidate:${JSON.stringify(payload.queryKeys)}:${actors.join(',')}`, push);
      else push();
      return;
    }
    if (message.kind === 'user') {
      if (this.tabs.hasPlayer(message.userId)) this.queueDirect({ kind: 'push', out: encode(message.payload), userId: message.userId, after: this.head });
    } else this.queueDirect({ ...message, after: this.head });
  }

  /** A message to one tab at once (hello, pong), through ws. */
  send(tab: Tab, payload: PushMessage): void {
    this.write(tab, [encode(payload)]);
  }

  /**
   * The tab's `watch` message: from now on it gets the broadcasts about what it holds, and at once
   * those of the last REPLAY_MS about what it did not hold before (at least once: a push flushed
   * while its watch changes may come twice; every push is safe to apply twice). The broadcasts it
   * has not been given yet go with its next pass, under the new watch.
   */
  watch(tab: Tab, keys: readonly QueryKey[]): void {
    const before = tab.watch;
    const after = watchOf(keys);
    this.tabs.setWatch(tab, after);
    // A pass under way visits the tab too, under what it holds now: its broadcasts may not have concerned what it held before.
    this.visiting?.push(tab);
    if (!before) return;
    this.forgetOld();
    // A pass that ended has given the tab all it needed of its broadcasts, visited or not.
    const had = Math.max(tab.seen, this.passedUpTo);
    const missed = this.recent
      .filter((b) => b.seq <= had && !b.except?.has(tab.userId) && !concerns(before, b.topics) && concerns(after, b.topics))
      .map((b) => b.out);
    this.write(tab, missed);
  }

  /** Drops what the coalescer holds (the process is closing). */
  close(): void {
    this.coalesced.close();
  }

  private broadcast(out: Buffer, except: ReadonlySet<string> | undefined, topics: Topics | undefined): void {
    const entry: Broadcast = { seq: ++this.head, out, except, topics, at: performance.now() };
    this.pending.push(entry);
    if (topics) {
      this.recent.push(entry);
      this.forgetOld();
    }
    if (this.passing) return;
    this.passing = true;
    setImmediate(() => this.pass());
  }

  /**
   * Gives every tab they concern the broadcasts it has not had, FLUSH_SLICE tabs written to per
   * turn of the event loop: a line of the global chat to 10,000 tabs is ~200 ms of writes, which in
   * one go held every request behind it. Then again if broadcasts came meanwhile (only the tabs
   * visited before them need it).
   */
  private pass(): void {
    const from = this.passedUpTo;
    const firstAt = this.pending.find((b) => b.seq > from)?.at ?? performance.now();
    this.visiting = this.concernedSince(from);
    this.passSlice(this.visiting, 0, this.head, firstAt);
  }

  /**
   * The tabs the broadcasts after `from` concern, by what they hold (Tabs' index): every tab when
   * one of them has no topics. A tab none of them concerns is not visited (its `seen` stays behind).
   */
  private concernedSince(from: number): Tab[] {
    const found = new Set<Tab>();
    for (const b of this.pending) {
      if (b.seq <= from) continue;
      if (!b.topics) return [...this.tabs.all()];
      this.tabs.concernedBy(b.topics, found);
    }
    return [...found];
  }

  /**
   * One slice of a pass (up to `upTo`, the head when it began): FLUSH_SLICE tabs written to, or
   * FLUSH_VISITS looked at, then the next slice on the event loop's next turn, letting it serve what
   * waits (requests, other sockets). A tab that closed meanwhile is skipped by `write`.
   */
  private passSlice(tabs: readonly Tab[], start: number, upTo: number, firstAt: number): void {
    // Direct messages first: a tab of theirs must not get a broadcast that came after one of them before it.
    this.flushDirect();
    const last = Math.min(tabs.length, start + FLUSH_VISITS);
    let end = start;
    for (let written = 0; end < last && written < FLUSH_SLICE; end++) {
      const outs = this.due(tabs[end]!, this.head);
      if (outs.length === 0) continue;
      this.write(tabs[end]!, outs);
      written++;
    }
    if (end < tabs.length) {
      setImmediate(() => this.passSlice(tabs, end, upTo, firstAt));
      return;
    }
    // Every tab has had up to `upTo` (a tab that joined meanwhile started after it).
    this.onFlushed?.(upTo - this.passedUpTo, (performance.now() - firstAt) / 1000);
    this.passedUpTo = upTo;
    this.visiting = undefined;
    this.pending = this.pending.filter((b) => b.seq > upTo);
    if (this.head > upTo) setImmediate(() => this.pass());
    else this.passing = false;
  }

  /** The tab's broadcasts after its `seen` up to `upTo` (those it holds keys of, not hidden from it); they count as had. */
  private due(tab: Tab, upTo: number): Buffer[] {
    const outs: Buffer[] = [];
    if (tab.seen >= upTo) return outs;
    const base = this.pending[0]?.seq ?? upTo + 1;
    for (let i = Math.max(0, tab.seen + 1 - base); i < this.pending.length && this.pending[i]!.seq <= upTo; i++) {
      const b = this.pending[i]!;
      if (concerns(tab.watch, b.topics) && !b.except?.has(tab.userId)) outs.push(b.out);
    }
    tab.seen = upTo;
    return outs;
  }

  private queueDirect(entry: Direct): void {
    if (this.direct.length === 0) {
      this.directQueuedAt = performance.now();
      setImmediate(() => this.flushDirect());
    }
    this.direct.push(entry);
  }

  /** The direct messages that came since the last flush (if any), each to its tabs. */
  private flushDirect(): void {
    const batch = this.direct;
    if (batch.length === 0) return;
    this.direct = [];
    for (const tab of this.addressees(batch)) this.deliverDirect(tab, batch);
    this.onFlushed?.(batch.length, (performance.now() - this.directQueuedAt) / 1000);
  }

  private forgetOld(): void {
    const cutoff = performance.now() - REPLAY_MS;
    let old = Math.max(0, this.recent.length - REPLAY_LIMIT);
    while (old < this.recent.length && this.recent[old]!.at < cutoff) old++;
    if (old > 0) this.recent.splice(0, old);
  }

  /** The tabs direct messages are for. */
  private addressees(batch: readonly Direct[]): Set<Tab> {
    const found = new Set<Tab>();
    for (const d of batch) {
      if (d.kind === 'session-ended') {
        for (const tab of this.tabs.all()) if (tab.sessionId === d.sessionId) found.add(tab);
      } else for (const tab of this.tabs.ofPlayer(d.userId) ?? []) found.add(tab);
    }
    return found;
  }

  /** What of the direct messages is due to one tab, each after the broadcasts that came before it, in one write. */
  private deliverDirect(tab: Tab, batch: readonly Direct[]): void {
    const outs: Buffer[] = [];
    for (const d of batch) {
      if (d.kind === 'push') {
        if (d.userId === tab.userId) outs.push(...this.due(tab, d.after), d.out);
      } else if (d.kind === 'session-ended') {
        if (tab.sessionId === d.sessionId) {
          this.write(tab, [...outs, ...this.due(tab, d.after), SIGNED_OUT]);
          tab.socket.close(SIGNED_OUT_CLOSE, 'signed out');
          return;
        }
      } else if (d.userId === tab.userId) this.revalidate(tab);
    }
    this.write(tab, outs);
  }

  /** Closes the tab if its session is gone. Reconnectable: a tab whose session was renewed comes back; a revoked one then gets 4401. */
  private revalidate(tab: Tab): void {
    this.store
      .sessionExists(tab.sessionId)
      .then((exists) => {
        if (!exists) tab.socket.close(SESSION_CHANGED, 'session changed');
      })
      .catch((error) => this.log.error({ err: error }, 'session revalidation failed'));
  }

  /**
   * Pushes to one tab, in order, each a text message through ws. Several are sent with the tab's
   * connection corked (Node's stream API): ws writes each message as it sends it, and the kernel
   * gets them in one write instead of a write per message (docs/decisions/realtime.md, "The wire").
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
