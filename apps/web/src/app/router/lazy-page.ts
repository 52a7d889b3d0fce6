import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyModule } from '@/lib/lazy-module';

/** A page in its own chunk, loaded when first rendered or ahead of that by `preload()` (routes.tsx, preloadRoute). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<unknown> };

/**
 * React.lazy over a lazyModule. A page already loaded when React first renders it (preloaded, or
 * in a chunk already run, as the portal is in 'game-core' with the frame) is handed over as a
 * settled thenable, which React reads at once: no Suspense fallback for a frame, then the page.
 * A fallback shown and replaced within 300 ms holds the next commit back to 300 ms after it
 * (React's fallback throttle), so each avoided one is the page up to 300 ms earlier.
 */
function lazyFrom(load: () => Promise<ComponentType>): LazyPage {
  const page = lazyModule(load);
  const Page = lazy(() => {
    const loaded = page.loaded();
    if (!loaded) return page.load().then((component) => ({ default: component }));
    const module = { default: loaded };
    // The fields React's `use` reads on a thenable it has seen settle.
    const settled = { status: 'fulfilled', value: module, then: (resolve: (value: typeof module) => void) => resolve(module) };
    return settled as unknown as Promise<typeof module>;
  });
  return Object.assign(Page, { preload: () => page.load() });
}

/** React.lazy for a named export, so each page keeps a plain named component and its own chunk. */
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
