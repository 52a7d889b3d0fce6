import { dropEarlyResponses, takeEarlyResponse } from '@/lib/early-fetch';
import type { AuthUser } from '../hooks/auth-context';

/**
 * The session as a plain store over GET /api/auth/get-session: what better-auth's `useSession`
 * did, without loading better-auth's client on every page (it loads with the first sign-in,
 * sign-up or sign-out; see auth-client.ts). Like better-auth's client it reads the session when
 * first subscribed, again when the tab becomes visible or the browser comes back online (at most
 * once per 5 s), when another tab signs out (better-auth's 'better-auth.message' storage event),
 * and after every auth call that changes the session (auth-client.ts wires its session signal here).
 */
export interface SessionSnapshot {
  user: AuthUser | null;
  /** True while there is no user and an answer is awaited (as better-auth's `isPending`). */
  isPending: boolean;
}

const SESSION_PATH = '/api/auth/get-session';
/** better-auth's cross-tab channel: a localStorage key other tabs hear through the storage event. */
export const AUTH_BROADCAST_KEY = 'better-auth.message';
const FOCUS_REFETCH_GAP_MS = 5_000;

let snapshot: SessionSnapshot = { user: null, isPending: true };
const listeners = new Set<() => void>();
let flight: AbortController | null = null;
let lastFocusRefetch = 0;
let stopWatching: (() => void) | null = null;

function publish(next: SessionSnapshot): void {
  const same =
    next.isPending === snapshot.isPending &&
    next.user?.id === snapshot.user?.id &&
    next.user?.email === snapshot.user?.email &&
    next.user?.name === snapshot.user?.name &&
    next.user?.emailVerified === snapshot.user?.emailVerified;
  if (same) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

interface SessionAnswer {
  user?: { id?: unknown; email?: unknown; name?: unknown; emailVerified?: unknown } | null;
  needsRefresh?: boolean;
}

function userOf(answer: SessionAnswer | null): AuthUser | null {
  const raw = answer?.user;
  if (!raw || typeof raw.id !== 'string' || !raw.id || typeof raw.email !== 'string' || !raw.email) return null;
  return { id: raw.id, email: raw.email, name: typeof raw.name === 'string' ? raw.name : '', emailVerified: raw.emailVerified === true };
}

/** The session's user, null when signed out (401 or no session), or 'failed' (keep what we had). */
async function readSession(signal: AbortSignal): Promise<AuthUser | null | 'failed'> {
  const request = (method: 'GET' | 'POST') => fetch(SESSION_PATH, { method, credentials: 'include', headers: { Accept: 'application/json' }, signal });
  // index.html may have started this read already (game paths); a failed early read is redone.
  const early = takeEarlyResponse(SESSION_PATH);
  let response =
    (early &&
      (await early.then(
        (r) => (r.ok || r.status === 401 ? r : null),
        () => null,
      ))) ||
    (await request('GET'));
  if (response.status === 401) return null;
  if (!response.ok) return 'failed';
  let answer = (await response.json()) as SessionAnswer | null;
  if (answer?.needsRefresh) {
    response = await request('POST');
    if (response.status === 401) return null;
    if (!response.ok) return 'failed';
    answer = (await response.json()) as SessionAnswer | null;
  }
  return userOf(answer);
}

/** Reads the session now (a read in flight is dropped); resolves when the store has the answer. */
export async function refetchSession(): Promise<void> {
  flight?.abort();
  const controller = new AbortController();
  flight = controller;
  publish({ user: snapshot.user, isPending: snapshot.user === null });
  let result: AuthUser | null | 'failed';
  try {
    result = await readSession(controller.signal);
  } catch {
    result = 'failed';
  }
  if (flight !== controller) return;
  flight = null;
  if (result === null) dropEarlyResponses();
  publish({ user: result === 'failed' ? snapshot.user : result, isPending: false });
}

/** Tells the other tabs the session changed (better-auth's own message, so its clients hear it too). */
export function broadcastSessionChange(trigger: 'signout'): void {
  try {
    const message = { event: 'session', data: { trigger }, clientId: Math.random().toString(36).substring(7), timestamp: Math.floor(Date.now() / 1000) };
    localStorage.setItem(AUTH_BROADCAST_KEY, JSON.stringify(message));
  } catch {
    // storage unavailable: the realtime 'signed-out' push still reaches the other tabs
  }
}

function watch(): () => void {
  const onFocus = () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    if (Date.now() - lastFocusRefetch < FOCUS_REFETCH_GAP_MS) return;
    lastFocusRefetch = Date.now();
    void refetchSession();
  };
  const onOnline = () => onFocus();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_BROADCAST_KEY || !event.newValue) return;
    try {
      const message = JSON.parse(event.newValue) as { event?: unknown; data?: unknown };
      if (message.event === 'session' && message.data && navigator.onLine) void refetchSession();
    } catch {
      // not a session message
    }
  };
  document.addEventListener('visibilitychange', onFocus);
  window.addEventListener('online', onOnline);
  window.addEventListener('storage', onStorage);
  return () => {
    document.removeEventListener('visibilitychange', onFocus);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('storage', onStorage);
  };
}

/** For `useSyncExternalStore`: the first subscriber starts the first read and the watchers. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopWatching) {
    stopWatching = watch();
    if (snapshot.isPending && !flight) void refetchSession();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stopWatching) {
      stopWatching();
      stopWatching = null;
    }
  };
}

export function sessionSnapshot(): SessionSnapshot {
  return snapshot;
}
