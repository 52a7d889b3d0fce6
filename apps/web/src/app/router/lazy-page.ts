import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so each page keeps a plain named component and its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
