import type { Board } from '../db/queries/leaderboards.ts';
import type { Bus, BusMessage, ReadChange } from '../realtime/bus.ts';

export type { ReadChange };

/** An account deleted: its lines, its characters on the boards, its place in other players' mute lists. */
export const ACCOUNT_DELETED: ReadChange = { chat: true, tops: true, filters: true };

/** How long an entry is served at most, whatever the bus says (a safety net: writes drop them first). */
export const READ_TTL_MS = { chat: 10_000, filters: 60_000, tops: 5_000 } as const;
/** Filters kept at most (one per reader); the oldest goes first past it. */
const MAX_FILTERS = 50_000;
/** Boards' tops and readers' own ranks kept at most; the oldest goes first past it. */
const MAX_BOARD_ENTRIES = 50_000;
const boardKey = (board: Board, userId?: string) => (userId === undefined ? `top:${board}` : `own:${board}:${userId}`);

/** What a reader does not see in the chat: the players they muted, by name, and the players in a block with them. */
export interface ChatFilter {
  muted: Array<{ userId: string; username: string }>;
  hidden: ReadonlySet<string>;
}

interface Entry<T> {
  value: T;
  until: number;
}

type Family = 'chat' | 'filters' | 'tops';

/** Hits and misses by family (tests, the bench). */
export type ReadCounts = Record<Family, { hits: number; misses: number }>;

/**
 * The per-process caches of the hot shared reads (issue 45 point 4). An entry is served until a
 * write drops it (after its commit, `Pusher.readsChanged`: the bus's `reads-changed`, delivered
 * here in the same turn and to every other process by NOTIFY) or its TTL ends. Nothing is served or kept while the bus is not listening (a
 * lost listener misses the other processes' changes): everything is dropped, and dropped again
 * when it listens again (the bus's resync). A read that began before a change of its family is
 * not kept; concurrent misses of one key share one read.
 */
export class ReadCaches {
  private chat: Entry<unknown> | undefined;
  private readonly filters = new Map<string, Entry<ChatFilter>>();
  /** A board's top (`top:<board>`) and a reader's own characters on it (`own:<board>:<userId>`). */
  private readonly tops = new Map<string, Entry<unknown>>();
  /** Bumped by each change of a family: a read begun under an older epoch is served, not kept. */
  private readonly epochs: Record<Family, number> = { chat: 0, filters: 0, tops: 0 };
  private readonly loading = new Map<string, { epoch: number; read: Promise<unknown> }>();
  readonly counts: ReadCounts = { chat: { hits: 0, misses: 0 }, filters: { hits: 0, misses: 0 }, tops: { hits: 0, misses: 0 } };

  constructor(
    private readonly bus: Bus,
    private readonly now: () => number = () => performance.now(),
  ) {
    bus.subscribe((message) => this.onBus(message));
  }

  /** The chat's newest lines (as every reader sees them before their filter; db/queries/chat.ts SHARED_CHAT_LINES). */
  chatLines<T>(read: () => Promise<T>): Promise<T> {
    return this.through(
      'chat',
      'chat',
      () => this.chat as Entry<T> | undefined,
      (entry) => (this.chat = entry),
      read,
    );
  }

  /** One reader's chat filter. */
  chatFilter(userId: string, read: () => Promise<ChatFilter>): Promise<ChatFilter> {
    return this.through(
      'filters',
      `filter:${userId}`,
      () => this.filters.get(userId),
      (entry) => {
        if (this.filters.size >= MAX_FILTERS) this.filters.delete(this.filters.keys().next().value!);
        this.filters.set(userId, entry);
      },
      read,
    );
  }

  /**
   * A board's top, or with `userId` that reader's own characters on it with their ranks. Both
   * change only with a board's keys (a character's level, XP, counts or attributes, created or
   * deleted) or what a row shows (a name, a title): the writes that drop the tops.
   */
  board<T>(board: Board, userId?: string): T | undefined {
    if (!this.usable()) return undefined;
    const entry = this.fresh(this.tops.get(boardKey(board, userId)));
    this.counts.tops[entry ? 'hits' : 'misses'] += 1;
    return entry?.value as T | undefined;
  }

  /** What a read of the board found, kept if no change of the tops came since `epoch` (topsEpoch before the read). */
  keepBoard(board: Board, userId: string | undefined, value: unknown, epoch: number): void {
    if (epoch !== this.epochs.tops || !this.usable()) return;
    if (this.tops.size >= MAX_BOARD_ENTRIES) this.tops.delete(this.tops.keys().next().value!);
    this.tops.set(boardKey(board, userId), { value, until: this.now() + READ_TTL_MS.tops });
  }

  get topsEpoch(): number {
    return this.epochs.tops;
  }

  private async through<T>(family: Family, key: string, get: () => Entry<T> | undefined, set: (entry: Entry<T>) => void, read: () => Promise<T>): Promise<T> {
    if (!this.usable()) return read();
    const hit = this.fresh(get());
    if (hit) {
      this.counts[family].hits += 1;
      return hit.value;
    }
    this.counts[family].misses += 1;
    const epoch = this.epochs[family];
    const pending = this.loading.get(key);
    if (pending && pending.epoch === epoch) return pending.read as Promise<T>;
    const loaded = read();
    this.loading.set(key, { epoch, read: loaded });
    try {
      const value = await loaded;
      if (epoch === this.epochs[family] && this.usable()) set({ value, until: this.now() + READ_TTL_MS[family] });
      return value;
    } finally {
      if (this.loading.get(key)?.read === loaded) this.loading.delete(key);
    }
  }

  private fresh<T>(entry: Entry<T> | undefined): Entry<T> | undefined {
    return entry && entry.until > this.now() ? entry : undefined;
  }

  /** Served only while the bus listens: else every entry is dropped (and none kept). */
  private usable(): boolean {
    if (this.bus.listening()) return true;
    this.clear();
    return false;
  }

  private onBus(message: BusMessage): void {
    if (message.kind === 'reads-changed') this.dropHere(message.change);
    // A block made or lifted elsewhere: the two players' filters (the writer also says it with reads-changed).
    else if (message.kind === 'blocks-changed') this.dropHere({ filtersOf: [message.blockerId, message.blockedId] });
    // The bus listens again after a loss: what other processes changed meanwhile is unknown.
    else if (message.kind === 'broadcast' && message.payload.type === 'resync') this.clear();
  }

  /** Drops what `change` names in this process now (a write that reads again in the same request; the others wait for the bus's message). */
  dropHere(change: ReadChange): void {
    if (change.chat) {
      this.epochs.chat += 1;
      this.chat = undefined;
    }
    if (change.tops) {
      this.epochs.tops += 1;
      this.tops.clear();
    }
    if (change.filters) {
      this.epochs.filters += 1;
      this.filters.clear();
    } else if (change.filtersOf && change.filtersOf.length > 0) {
      this.epochs.filters += 1;
      for (const userId of change.filtersOf) this.filters.delete(userId);
    }
  }

  private clear(): void {
    if (this.chat || this.filters.size > 0 || this.tops.size > 0 || this.loading.size > 0) this.dropHere({ chat: true, tops: true, filters: true });
  }
}
