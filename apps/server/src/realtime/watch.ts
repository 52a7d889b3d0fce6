import type { QueryKey } from '@rpg/contract';

/**
 * What a tab holds (its `watch` message, packages/contract/src/push.ts): the keys, and every
 * leading part of each (a key's own included), as JSON text for set lookups.
 */
export interface Watch {
  readonly keys: ReadonlySet<string>;
  readonly underKeys: ReadonlySet<string>;
}

/** What a broadcast concerns: its topics, and every shorter leading part of each, as JSON text. */
export interface Topics {
  readonly keys: readonly string[];
  readonly above: readonly string[];
}

const leading = (key: QueryKey, length: number) => JSON.stringify(key.slice(0, length));

export function watchOf(keys: readonly QueryKey[]): Watch {
  const underKeys = new Set<string>();
  for (const key of keys) for (let length = 1; length <= key.length; length++) underKeys.add(leading(key, length));
  return { keys: new Set(keys.map((key) => JSON.stringify(key))), underKeys };
}

export function topicsOf(keys: readonly QueryKey[]): Topics {
  const above = new Set<string>();
  for (const key of keys) for (let length = 1; length < key.length; length++) above.add(leading(key, length));
  return { keys: keys.map((key) => JSON.stringify(key)), above: [...above] };
}

/**
 * Whether a tab that holds `watch` needs a broadcast about `topics`: a held key is a topic or lies
 * under one (an `invalidate` of ['posts', id] refetches ['posts', id, 'comments', post]), or a
 * topic lies under a held key (a key the tab shortened to fit the message). A tab that has not said
 * what it holds (`undefined`), and a broadcast without topics, always match.
 */
export function concerns(watch: Watch | undefined, topics: Topics | undefined): boolean {
  if (!watch || !topics) return true;
  for (const key of topics.keys) if (watch.underKeys.has(key)) return true;
  for (const key of topics.above) if (watch.keys.has(key)) return true;
  return false;
}

/**
 * Tabs by what they hold, so that a broadcast's pass visits the tabs it concerns and no others:
 * `concerned` finds exactly the tabs for which `concerns(watch, topics)` is true. Without it, each
 * broadcast (a post's likes, a presence) looked at every tab of the process, most of which show
 * none of its keys: the looks grew with the players times the broadcasts, which grow with the players.
 */
export class HeldKeys<T> {
  /** Tabs that have not said what they hold: every broadcast concerns them. */
  private readonly untold = new Set<T>();
  /** By a held key (`Watch.keys`). */
  private readonly byKey = new Map<string, Set<T>>();
  /** By a held key and every leading part of it (`Watch.underKeys`). */
  private readonly byUnderKey = new Map<string, Set<T>>();

  add(tab: T, watch: Watch | undefined): void {
    if (!watch) {
      this.untold.add(tab);
      return;
    }
    for (const key of watch.keys) entry(this.byKey, key).add(tab);
    for (const key of watch.underKeys) entry(this.byUnderKey, key).add(tab);
  }

  /**
   * `tab` held `before` and holds `after` from now on. Only the keys that changed move: a tab keeps
   * its place among the tabs of a key it still holds, so a pass visits the tabs of the chat in the
   * order they came, not the player who changes screens most last.
   */
  update(tab: T, before: Watch | undefined, after: Watch | undefined): void {
    if (!before || !after) {
      this.delete(tab, before);
      this.add(tab, after);
      return;
    }
    for (const key of before.keys) if (!after.keys.has(key)) leave(this.byKey, key, tab);
    for (const key of before.underKeys) if (!after.underKeys.has(key)) leave(this.byUnderKey, key, tab);
    for (const key of after.keys) if (!before.keys.has(key)) entry(this.byKey, key).add(tab);
    for (const key of after.underKeys) if (!before.underKeys.has(key)) entry(this.byUnderKey, key).add(tab);
  }

  /** Forgets `tab`, added with `watch`. */
  delete(tab: T, watch: Watch | undefined): void {
    if (!watch) {
      this.untold.delete(tab);
      return;
    }
    for (const key of watch.keys) leave(this.byKey, key, tab);
    for (const key of watch.underKeys) leave(this.byUnderKey, key, tab);
  }

  /** Adds to `into` every tab a broadcast about `topics` concerns. */
  concerned(topics: Topics, into: Set<T>): void {
    for (const tab of this.untold) into.add(tab);
    for (const key of topics.keys) for (const tab of this.byUnderKey.get(key) ?? []) into.add(tab);
    for (const key of topics.above) for (const tab of this.byKey.get(key) ?? []) into.add(tab);
  }
}

function entry<T>(map: Map<string, Set<T>>, key: string): Set<T> {
  let tabs = map.get(key);
  if (!tabs) map.set(key, (tabs = new Set()));
  return tabs;
}

function leave<T>(map: Map<string, Set<T>>, key: string, tab: T): void {
  const tabs = map.get(key);
  if (!tabs) return;
  tabs.delete(tab);
  if (tabs.size === 0) map.delete(key);
}
