import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * Reads index.html starts before the entry script has even downloaded (see `rpg:route-preloads`
 * in vite.config.ts): on a game path, the session (GET /api/auth/get-session), the character
 * list (GET /api/characters) and what the frame's header shows (GET /api/me, GET
 * /api/social/summary), so a game screen does not wait for the entry, then the session, then its
 * page, then its data, one after the other. Each early answer is used once, by the first read of
 * the same path (the session store; `send` in lib/api.ts, so the others still go through their
 * query key and cache, where `primeQuery` puts them as soon as the game's code has loaded), and
 * only while fresh; a failed or refused one is ignored and the path is fetched as usual.
 */
interface EarlyRead {
  /** Date.now() when the read started. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __rpgEarly?: Record<string, EarlyRead | undefined>;
  }
}

/** Older than this, an early answer is not used (the page has long since read on its own). */
const FRESH_MS = 10_000;

/** The early read of `path`, at most once; null when there is none or it is stale. */
export function takeEarlyResponse(path: string): Promise<Response> | null {
  const reads = typeof window === 'undefined' ? undefined : window.__rpgEarly;
  const read = reads?.[path];
  if (!reads || !read) return null;
  delete reads[path];
  if (Date.now() - read.at > FRESH_MS) return null;
  return read.response;
}

/**
 * Whether an early read of `path` is waiting and fresh and came back 2xx, without taking it: the
 * next read of the path still gets it.
 */
export async function hasEarlyOk(path: string): Promise<boolean> {
  const read = typeof window === 'undefined' ? undefined : window.__rpgEarly?.[path];
  if (!read || Date.now() - read.at > FRESH_MS) return false;
  try {
    return (await read.response).ok;
  } catch {
    return false;
  }
}

/**
 * Fills the query cache with the early read of `path` (through `queryFn`, whose read of the path
 * takes it), only when that read answered 2xx; nothing otherwise, and nothing is fetched. Called as
 * soon as the game's code has loaded, so the screens' first render has the answer instead of
 * rendering their loading state and rendering again, synchronously, when the query hears it.
 */
export async function primeQuery(client: QueryClient, path: string, queryKey: QueryKey, queryFn: QueryFunction): Promise<void> {
  if (!(await hasEarlyOk(path))) return;
  await client.prefetchQuery({ queryKey, queryFn });
}

/** The early answer of `path` when it came back 2xx; null otherwise (the caller fetches it itself). */
export async function takeEarlyOk(path: string): Promise<Response | null> {
  const early = takeEarlyResponse(path);
  if (!early) return null;
  try {
    const response = await early;
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/** Drops every early answer not used yet (the session ended: they belong to the previous player). */
export function dropEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__rpgEarly;
}
