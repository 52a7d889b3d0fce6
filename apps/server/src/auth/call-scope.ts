import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps its request context in three AsyncLocalStorage stores. On Node 20 an enabled
 * store installs a promise hook that runs on every promise the process creates: ~8% of the CPU of
 * every game request (docs/performance.md), though only better-auth's own calls read the stores.
 * Every call into better-auth goes through `inAuthCall`; when the last one in flight ends, the
 * stores are disabled, which removes the hook. better-auth's next call enables them again.
 */
let inFlight = 0;

type Stores = Partial<Record<'endpointContextAsyncStorage' | 'requestStateAsyncStorage' | 'adapterAsyncStorage', AsyncLocalStorage<unknown>>>;

/** better-auth's global context (`@better-auth/core` context/global): where it keeps the stores. */
export function authStores(): Array<AsyncLocalStorage<unknown>> {
  const global = (globalThis as Record<symbol, { context?: Stores } | undefined>)[Symbol.for('better-auth:global')];
  const context = global?.context ?? {};
  return [context.endpointContextAsyncStorage, context.requestStateAsyncStorage, context.adapterAsyncStorage].filter((store) => store !== undefined);
}

/** Runs one call into better-auth (its whole answer read inside `fn`). */
export async function inAuthCall<T>(fn: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await fn();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const store of authStores()) store.disable();
  }
}
