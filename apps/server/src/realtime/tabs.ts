import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { HeldKeys, type Topics, type Watch } from './watch.ts';

/** Close code: the socket's session is gone; reconnect to find out whether the tab is still signed in. */
export const SESSION_CHANGED = 4000;
/** Close code: the tab's session signed out (after the `signed-out` push). */
export const SIGNED_OUT_CLOSE = 4401;

/** An open, signed-in tab of this process. */
export interface Tab {
  id: string;
  socket: WebSocket;
  /**
   * The connection the HTTP server upgraded (the request's socket), which ws writes the tab's
   * messages to: corked while a flush sends several, so they leave in one write (delivery.ts).
   */
  connection: Duplex;
  userId: string;
  sessionId: string;
  alive: boolean;
  /** Which slice of the heartbeat pings this tab (sweep.ts). */
  slice: number;
  /**
   * The last broadcast the tab has had or skipped (delivery.ts: its `seq`). A pass visits only the
   * tabs its broadcasts concern, so a tab has also had every broadcast up to the last pass's end.
   */
  seen: number;
  /**
   * The query keys the tab said it holds (its last `watch` message); undefined until it says: every
   * broadcast (watch.ts). Set through `Tabs.setWatch`, which keeps the index by held key.
   */
  watch?: Watch;
  /** Messages received in the current rate window, and when it began. */
  received: number;
  windowStart: number;
}

/**
 * This process's open tabs, by id, by player (a push to one player touches only that player's
 * tabs) and by what they hold (a broadcast's pass visits only the tabs it concerns).
 */
export class Tabs {
  private readonly byId = new Map<string, Tab>();
  private readonly byUser = new Map<string, Set<Tab>>();
  private readonly held = new HeldKeys<Tab>();

  get size(): number {
    return this.byId.size;
  }

  all(): IterableIterator<Tab> {
    return this.byId.values();
  }

  ofPlayer(userId: string): ReadonlySet<Tab> | undefined {
    return this.byUser.get(userId);
  }

  hasPlayer(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** The players with a tab here. */
  players(): IterableIterator<string> {
    return this.byUser.keys();
  }

  add(tab: Tab): void {
    this.byId.set(tab.id, tab);
    let tabs = this.byUser.get(tab.userId);
    if (!tabs) this.byUser.set(tab.userId, (tabs = new Set()));
    tabs.add(tab);
    this.held.add(tab, tab.watch);
  }

  /** What the tab holds from now on. */
  setWatch(tab: Tab, watch: Watch): void {
    // A tab closed already (a message read after its close) stays out of the index.
    if (this.byId.get(tab.id) === tab) this.held.update(tab, tab.watch, watch);
    tab.watch = watch;
  }

  /** Adds to `into` the tabs a broadcast about `topics` concerns (watch.ts, `concerns`). */
  concernedBy(topics: Topics, into: Set<Tab>): void {
    this.held.concerned(topics, into);
  }

  remove(tab: Tab): void {
    if (this.byId.get(tab.id) !== tab) return;
    this.held.delete(tab, tab.watch);
    this.byId.delete(tab.id);
    const tabs = this.byUser.get(tab.userId);
    tabs?.delete(tab);
    if (tabs?.size === 0) this.byUser.delete(tab.userId);
  }
}
