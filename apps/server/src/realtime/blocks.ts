import type { BusMessage } from './bus.ts';
import type { RealtimeStore } from './store.ts';

interface Log {
  error(o: object, m?: string): void;
}

/**
 * Blocks in the fan-out (issue 25): for each player with tabs here (or a tab attaching), the
 * players in a block with them, either way (their peers), loaded when their first tab attaches and
 * kept by the `blocks-changed` bus message. `hiddenFrom` is the same pairs the other way round: for
 * a player, the players here whose tabs their activity must not reach. A broadcast looks up its
 * actors there (a Map look-up); only when one is found does the flush check tabs one by one.
 */
export class BlockPeers {
  private readonly peers = new Map<string, ReadonlySet<string>>();
  private readonly hiddenFrom = new Map<string, Set<string>>();
  /** The latest load of a player's peers, while it runs. */
  private readonly loads = new Map<string, Promise<void>>();
  /** Players with a tab between the start of attach and its registration (their peers are kept). */
  private readonly attaching = new Map<string, number>();

  /** `hasTabs`: whether the player has a registered tab in this process (their peers are kept while so). */
  constructor(
    private readonly store: Pick<RealtimeStore, 'blockPeerIds'>,
    private readonly hasTabs: (userId: string) => boolean,
    private readonly log: Log,
  ) {}

  /** A tab of the player starts attaching: its peers are kept (and follow block changes) until `attachEnded`. */
  attachStarted(userId: string): void {
    this.attaching.set(userId, (this.attaching.get(userId) ?? 0) + 1);
  }

  attachEnded(userId: string): void {
    const left = this.attaching.get(userId)! - 1;
    if (left > 0) this.attaching.set(userId, left);
    else this.attaching.delete(userId);
    this.release(userId);
  }

  /** The player's peers are loaded, and no load is pending (called before a tab gets its first broadcast). */
  async ready(userId: string): Promise<void> {
    if (!this.peers.has(userId) || this.loads.has(userId)) await this.load(userId);
  }

  /** Forgets the player's peers once no tab of theirs is here or attaching. */
  release(userId: string): void {
    if (!this.hasTabs(userId) && !this.attaching.has(userId)) this.setPeers(userId, undefined);
  }

  /** The players here whose tabs the activity of `actors` must not reach; undefined for none (the common case). */
  hiddenFromAny(actors: readonly string[]): ReadonlySet<string> | undefined {
    let found: Set<string> | undefined;
    for (const actor of actors) {
      const hidden = this.hiddenFrom.get(actor);
      if (hidden) for (const userId of hidden) (found ??= new Set()).add(userId);
    }
    return found;
  }

  /**
   * The `blocks-changed` bus message. A block made is applied at once (a line the blocker says
   * right after it is already filtered); a block lifted reloads both players' peers (the other may
   * still block the one).
   */
  changed({ blockerId, blockedId, blocked }: Extract<BusMessage, { kind: 'blocks-changed' }>): void {
    for (const [userId, other] of [
      [blockerId, blockedId],
      [blockedId, blockerId],
    ] as const) {
      const current = this.peers.get(userId);
      if (!current && !this.attaching.has(userId)) continue;
      if (blocked && current) this.setPeers(userId, new Set([...current, other]));
      if (!blocked || !current || this.loads.has(userId)) this.load(userId).catch((error) => this.log.error({ err: error }, 'loading blocks failed'));
    }
  }

  /** Loads the player's peers from the database; resolves once the latest load (a block may change meanwhile) is applied. */
  private load(userId: string): Promise<void> {
    const load: Promise<void> = this.store.blockPeerIds(userId).then(
      (peers) => {
        if (this.loads.get(userId) !== load) return;
        this.loads.delete(userId);
        if (this.hasTabs(userId) || this.attaching.has(userId)) this.setPeers(userId, new Set(peers));
      },
      (error: unknown) => {
        if (this.loads.get(userId) === load) this.loads.delete(userId);
        throw error;
      },
    );
    this.loads.set(userId, load);
    // A later load (a block changed while this one ran) is the one that counts.
    return load.then(() => this.loads.get(userId));
  }

  /** The player's peers (undefined: the player has no tab here any more), and hiddenFrom with them. */
  private setPeers(userId: string, next: ReadonlySet<string> | undefined): void {
    const before = this.peers.get(userId);
    for (const peer of before ?? []) {
      if (next?.has(peer)) continue;
      const hidden = this.hiddenFrom.get(peer);
      hidden?.delete(userId);
      if (hidden?.size === 0) this.hiddenFrom.delete(peer);
    }
    for (const peer of next ?? []) {
      if (before?.has(peer)) continue;
      let hidden = this.hiddenFrom.get(peer);
      if (!hidden) this.hiddenFrom.set(peer, (hidden = new Set()));
      hidden.add(userId);
    }
    if (next) this.peers.set(userId, next);
    else this.peers.delete(userId);
  }
}
