/**
 * Every answer a test reads is parsed with its route's contract schema (issue 26: "each answer's
 * shape defined once, in the contract ... the server suite parses every answer with its route's
 * contract schema, in the test client itself, so no route escapes"). The serializer checks what
 * it serializes; this check also sees answers sent as text and every refusal.
 *
 * The routes are not known here by hand: startTestServer registers each server's route catalog
 * (app.routeCatalog, filled by an onRoute hook with each route's schemas) under its port, and the
 * test client looks the answering route up there: method + path -> route pattern -> the zod schema
 * given in `schema.response[status]` at registration. A refusal (4xx/5xx) without a schema of its
 * own is parsed with the contract's ErrorBody.
 */
import { errorBodySchema } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteEntry } from '../../src/http/schema.ts';

/** Routes whose answers have no contract schema, each with the reason. Everything else is checked. */
export const UNCHECKED_ROUTES: ReadonlyArray<{ url: string; reason: string }> = [
  { url: '/api/auth/*', reason: "better-auth's mount: its answers (session, user, its { code, message } refusals) are better-auth's shapes, not the game's" },
  { url: '/api/docs', reason: 'the OpenAPI document of the routes (development only): its shape is OpenAPI 3.1, not a game answer' },
];

/** A route answering outside the contract: WebSocket upgrades, static files and uploads (not under /api). */
export function uncheckedReason(route: RouteEntry): string | undefined {
  if (route.websocket) return 'a WebSocket (its frames are checked by the realtime tests)';
  if (!route.url.startsWith('/api/')) return 'not an API route (static files, uploaded images)';
  return UNCHECKED_ROUTES.find((u) => u.url === route.url)?.reason;
}

const servers = new Map<string, readonly RouteEntry[]>();

/** The key of a server: its port (a test may call it http://localhost:PORT or http://127.0.0.1:PORT). */
const serverKey = (url: string | URL): string => {
  const parsed = new URL(url);
  return parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
};

/** Called by startTestServer (and any test building an app of its own) once the app listens at url. */
export function registerContractServer(url: string, app: FastifyInstance): void {
  servers.set(serverKey(url), app.routeCatalog);
}

/**
 * Servers in a child process (restart, crash and proxy tests) and the proxy in front of them: their
 * route catalog lives in the other process, so their answers are not parsed here. They run the very
 * routes whose answers every in-process test server checks; what those tests check is the process
 * (signals, crashes, the proxy), not the shapes.
 */
const processServers = new Set<string>();

export function registerProcessServer(url: string): void {
  processServers.add(serverKey(url));
}

export function unregisterContractServer(url: string, app: FastifyInstance): void {
  const key = serverKey(url);
  if (servers.get(key) === app.routeCatalog) servers.delete(key);
}

/** Static segment < parameter < wildcard, as the router prefers them. */
const segmentRank = (segment: string): number => (segment.includes('*') ? 2 : segment.includes(':') ? 1 : 0);

const patternCache = new Map<string, RegExp>();
function patternRegExp(url: string): RegExp {
  let regExp = patternCache.get(url);
  if (!regExp) {
    const source = url
      .split(/(:[A-Za-z0-9_]+|\*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    regExp = new RegExp(`^${source}$`);
    patternCache.set(url, regExp);
  }
  return regExp;
}

/** The route that answers `method path` in this catalog: the most specific pattern that matches. */
export function findRoute(catalog: readonly RouteEntry[], method: string, path: string): RouteEntry | undefined {
  const lookup = method === 'HEAD' ? 'GET' : method;
  let best: { route: RouteEntry; ranks: number[] } | undefined;
  for (const route of catalog) {
    if (!route.methods.includes(lookup) || !patternRegExp(route.url).test(path)) continue;
    const ranks = route.url.split('/').map(segmentRank);
    if (!best || isMoreSpecific(ranks, best.ranks)) best = { route, ranks };
  }
  return best?.route;
}

function isMoreSpecific(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length > b.length;
}

export interface Answer {
  baseUrl: string;
  method: string;
  /** The requested URL (path and query), as given to the client. */
  url: URL;
  status: number;
  contentType: string | null;
  text: string;
}

/**
 * Throws when the answer does not match its route's contract: the route, the status and zod's
 * issues in the message. A server no startTestServer registered fails too, so no answer escapes.
 */
export function checkAnswer(answer: Answer): void {
  if (processServers.has(serverKey(answer.url))) return;
  const catalog = servers.get(serverKey(answer.url));
  if (!catalog) {
    throw new Error(
      `contract check: no test server registered at ${answer.url.origin} (start it with startTestServer, or registerContractServer(url, app); a child process: registerProcessServer(url))`,
    );
  }
  const { method, status } = answer;
  // No body by definition.
  if (method === 'HEAD' || status === 204 || status === 304) return;
  const route = findRoute(catalog, method, answer.url.pathname);
  const name = `${method} ${route?.url ?? `${answer.url.pathname} (no route)`}`;
  const responses = (route?.schema?.response ?? {}) as Record<string, unknown>;
  const declared = responses[String(status)];
  // A success outside the API (a file, the web app's index.html for a client route) or outside the contract.
  if (!declared && status < 400 && (!route || uncheckedReason(route))) return;
  if (route && status >= 400 && UNCHECKED_ROUTES.some((u) => u.url === route.url)) return;
  const schema = declared ?? (status >= 400 ? errorBodySchema : undefined);
  if (!schema) throw new Error(`contract check: ${name} answered ${status}, and the route declares no response schema for ${status}`);
  if (!(schema instanceof z.ZodType)) throw new Error(`contract check: ${name}: the response schema for ${status} is not a zod schema`);
  if (!(answer.contentType ?? '').includes('application/json')) {
    throw new Error(`contract check: ${name} answered ${status} with content type ${answer.contentType ?? '(none)'}, not JSON: ${answer.text.slice(0, 200)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`contract check: ${name} answered ${status} with text that is not JSON: ${answer.text.slice(0, 200)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`contract check: ${name} answered ${status} outside its contract:\n${z.prettifyError(parsed.error)}\nanswer: ${answer.text.slice(0, 500)}`);
  }
}
