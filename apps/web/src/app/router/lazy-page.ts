import { createElement, lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so each page keeps a plain named component and its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}

/**
 * lazyPage for screens that read server state: the query cache (TanStack Query) and the Toaster
 * load with them, so the landing and auth pages never load either.
 */
export function lazyQueryPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const [module, runtime] = await Promise.all([load(), import('../providers/query-runtime')]);
    runtime.startGameRuntime();
    const Page = module[name] as ComponentType;
    const { QueryRuntime } = runtime;
    return { default: () => createElement(QueryRuntime, null, createElement(Page)) };
  });
}
