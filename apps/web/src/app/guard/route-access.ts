/**
 * Which paths need a signed-in player (spec 01 section 2, route table). Protection is by path
 * prefix, on whole segments: /store and /store/anything, never /storefront. Matching ignores
 * case and a trailing slash, as the router does.
 */
export const PROTECTED_PREFIXES = [
  '/game',
  '/play',
  '/profile',
  '/user-profile',
  '/store',
  '/auction',
  '/skill-tree',
  '/leaderboards',
  '/settings',
  '/achievements',
] as const;

export const GAME_PATH = '/game';
export const HOME_PATH = '/';

export function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.replace(/\/+$/, '') || '/' : lower;
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isProtectedPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return PROTECTED_PREFIXES.some((prefix) => underPrefix(path, prefix));
}

export type GuardDecision = 'render' | 'wait' | 'redirect';

interface GuardInput {
  pathname: string;
  signedIn: boolean;
  /** The session has not answered yet. */
  isPending: boolean;
}

/** Public paths render at once; protected ones wait for the session, then render or go to /auth. */
export function guardDecision({ pathname, signedIn, isPending }: GuardInput): GuardDecision {
  if (!isProtectedPath(pathname)) return 'render';
  if (signedIn) return 'render';
  return isPending ? 'wait' : 'redirect';
}

/** The game frame shows 'Back to Game' everywhere except on /game and / (spec 01 section 2). */
export function showsBackToGame(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path !== GAME_PATH && path !== HOME_PATH;
}

/** The paths where the first-visit welcome may move a player to /game (see welcomeStep). */
export function isCharacterCreationPath(pathname: string): boolean {
  return underPrefix(normalisePath(pathname), '/character-creation');
}

export function isAuthPath(pathname: string): boolean {
  return underPrefix(normalisePath(pathname), '/auth');
}
