/** Where a signed-out visitor was heading, carried in router state to /auth (spec 01 section 2). */
export interface FromLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

export interface AuthRedirectState {
  from: FromLocation;
}

export const AUTH_PATH = '/auth';
export const DEFAULT_AFTER_LOGIN = '/game';

export function authRedirectState(location: FromLocation): AuthRedirectState {
  return { from: { pathname: location.pathname, search: location.search ?? '', hash: location.hash ?? '' } };
}

function isFromLocation(value: unknown): value is FromLocation {
  return typeof value === 'object' && value !== null && typeof (value as FromLocation).pathname === 'string';
}

/**
 * The path to open after a successful log-in: the `from` location in router state when it is a
 * same-origin path other than /auth, otherwise the game portal.
 */
export function returnPathFrom(state: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  if (!isFromLocation(from)) return fallback;
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  if (pathname === AUTH_PATH || pathname.startsWith(`${AUTH_PATH}/`)) return fallback;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
