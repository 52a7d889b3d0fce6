import { createElement, use, type ComponentType } from 'react';
import { lazyModule } from '@/lib/lazy-module';

/** A page in its own chunk, loaded when first rendered or ahead of that by `preload()` (routes.tsx, preloadRoute). */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * A page over a lazyModule. A page already loaded when React first renders it (preloaded, or in a
 * chunk already run, as the portal is in 'game-core' with the frame) renders at once: no Suspense
 * fallback for a frame, then the page. A page not loaded yet suspends on its load (React's `use`
 * of one promise for every render) and shows the nearest Suspense fallback until it has loaded; a
 * failed load is thrown to the route's error boundary. A fallback shown and replaced within 300 ms
 * holds the next commit back to 300 ms after it (React's fallback throttle), so each avoided one is
 * the page up to 300 ms earlier.
 */
function lazyFrom(load: () => Promise<ComponentType>): LazyPage {
  const page = lazyModule(load);
  /** The load renders wait for: a failed one stays failed for them (the route's error), until `preload()` tries again. */
  let pending: Promise<ComponentType> | null = null;
  function Page() {
    const Loaded = page.loaded() ?? use((pending ??= page.load()));
    return createElement(Loaded);
  }
  return Object.assign(Page, { preload: () => (pending = page.load()) });
}

/** A page for a named export, so each page keeps a plain named component and its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  return lazyFrom(async () => (await load())[name] as ComponentType);
}

/**
 * lazyPage for screens that read server state: the query cache (TanStack Query) and the Toaster
 * load with them, so the landing and auth pages never load either.
 */
export function lazyQueryPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  return lazyFrom(async () => {
    const [module, runtime] = await Promise.all([load(), import('../providers/query-runtime')]);
    runtime.startGameRuntime();
    const Page = module[name] as ComponentType;
    const { QueryRuntime } = runtime;
    return () => createElement(QueryRuntime, null, createElement(Page));
  });
}
