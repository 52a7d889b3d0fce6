/** The part of the Web Storage API the app uses; easy to fake in tests. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** localStorage or sessionStorage, or an in-memory stand-in when the browser refuses access. */
export function browserStore(kind: 'local' | 'session'): KeyValueStore {
  try {
    const store = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = '__rpg_probe__';
    store.setItem(probe, probe);
    store.removeItem(probe);
    return store;
  } catch {
    return memoryStore();
  }
}
