/**
 * A piece of code kept off the landing and auth pages' path, loaded on first use: one import in
 * flight however many callers ask, tried again after a failure, its value readable at once once
 * loaded, and a subscription for `useSyncExternalStore` that hears when it is requested and when
 * it has loaded (docs/performance.md, "The web").
 */
export interface LazyModule<T> {
  load(): Promise<T>;
  /** The value once loaded, else null. */
  loaded(): T | null;
  /** Whether anything has asked for it yet. */
  requested(): boolean;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    load() {
      if (!loading) {
        loading = importer().then(
          (loadedValue) => {
            value = loadedValue;
            notify();
            return loadedValue;
          },
          (error: unknown) => {
            loading = null;
            throw error;
          },
        );
        notify();
      }
      return loading;
    },
    loaded: () => value,
    requested: () => loading !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
