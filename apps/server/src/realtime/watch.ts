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
