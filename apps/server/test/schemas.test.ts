/**
 * Issue "Fit and finish" (route schemas, malformed input never answers 500) and issue
 * "Security" (400 answers never echo the input). The routes are enumerated from the route
 * table, so a route added later is swept too, or this test names it.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/http/schema.ts';
import {
  characterAdventures,
  characterCrafts,
  consoleMessages,
  playerCharacterAppearance,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
  pokerGames,
} from '../src/db/schema/index.ts';
import { createCharacter, multipartBody, png, type ErrorBody } from './support/characters.ts';
import { latestMail, signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { giveItem, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let player: TestClient;
let characterId: string;
let entryId: string;
let userId: string;

const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  player = await signedInPlayer(server.url);
  characterId = (await createCharacter(player, { class: 'warrior' })).id;
  await setCopper(db(), characterId, 5_000);
  entryId = await giveItem(db(), characterId, { kind: 'food', name: 'Bread', tier: 'common', description: 'Bread', price: 5, healthRestore: 5 } as never, {
    quantity: 3,
  });
  const [row] = await db().select({ userId: playerCharacters.userId }).from(playerCharacters).where(eq(playerCharacters.id, characterId));
  userId = row!.userId;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The routes a player's requests can reach: /api, not the WebSocket, not the better-auth mount. */
function gameRoutes(): RouteEntry[] {
  return server.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.websocket && !r.url.startsWith('/api/auth/'));
}

/** Every path of the router's own table (printRoutes), to check the catalog misses none. */
function printedPaths(): Set<string> {
  const lines = server.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .filter((l) => l.trim());
  const stack: string[] = [];
  const paths = new Set<string>();
  for (const line of lines) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    stack[depth] = match[2]!;
    if (match[3]) paths.add(stack.join(''));
  }
  return paths;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('every route declares its schema (issue "Fit and finish")', () => {
  it('lists every route of the router, and each /api route has params, query and body schemas as it applies', () => {
    const catalog = server.app.routeCatalog;
    const printed = printedPaths();
    expect(printed.size).toBeGreaterThan(20);
    const urls = catalog.map((r) => r.url);
    // printRoutes shows the wildcard mount (/api/auth/*) as a bare '*'.
    for (const path of printed) expect(path === '*' ? urls.some((u) => u.endsWith('/*')) : urls.includes(path), `catalog lacks ${path}`).toBe(true);

    const routes = gameRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const missing: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        const name = `${method} ${route.url}`;
        const schema = route.schema;
        if (!schema) {
          missing.push(`${name}: no schema`);
          continue;
        }
        if (route.url.includes(':') && !schema.params) missing.push(`${name}: params`);
        if (method === 'GET' && !schema.querystring) missing.push(`${name}: querystring`);
        if (BODY_METHODS.has(method) && !schema.body && !schema.consumes?.includes('multipart/form-data')) missing.push(`${name}: body`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('serves no /api/docs outside development', async () => {
    expect((await player.get('/api/docs')).status).toBe(404);
  });

  it('serves an OpenAPI description of every route at /api/docs in development', async () => {
    const dev = await startTestServer({ env: { NODE_ENV: 'development' } });
    try {
      const res = await new TestClient(dev.url).get<{
        openapi: string;
        paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
      }>('/api/docs');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      for (const route of dev.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.websocket)) {
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        for (const method of route.methods) expect(res.body.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      }
      const line = res.body.paths['/api/characters/{id}/console']!;
      expect(line.post!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
      expect(line.post!.requestBody).toMatchObject({ content: { 'application/json': { schema: { properties: { text: { maxLength: 500 } } } } } });
      expect(line.get!.parameters).toContainEqual(expect.objectContaining({ name: 'before', in: 'query' }));
    } finally {
      await dev.stop();
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------

const LONG = 'x'.repeat(10_000);
const CONTROL_STRINGS = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31mred', '\u007f', 'line\nbreak'];
/** Values sent in place of a field: wrong types, unsafe numbers, control characters, long text. */
const FIELD_VALUES: unknown[] = [true, false, {}, [], ['x'], 1e308, 2 ** 53, -1, 0.5, 0, ...CONTROL_STRINGS, LONG];

interface BodySpec {
  /** A well-formed body (never sent as such). */
  base: Record<string, unknown>;
  /** Fields that may be left out or null without refusal. */
  optional?: string[];
  nullable?: string[];
  /** Object fields that take {} as "all defaults". */
  objects?: string[];
  /** Text fields that keep line breaks (a post, a comment, a chat line): 'line\nbreak' is well-formed there. */
  multiline?: string[];
  /** A JSON null body means "no body", which the route accepts. */
  nullBody?: boolean;
  /** Boolean fields: true and false are well-formed there. */
  booleans?: string[];
  /** Fields that take any number (a browser's timestamp the server ignores). */
  numbers?: string[];
}

/** The well-formed body of each route with one (a route with a body schema and no entry here fails the sweep). */
const BODIES: Record<string, BodySpec> = {
  'POST /api/characters': {
    base: { name: 'Brave', race: 'human', class: 'warrior', gender: 'male' },
    optional: ['appearance'],
    nullable: ['appearance'],
    objects: ['appearance'],
  },
  'PATCH /api/characters/:id': { base: { name: 'Brave' }, optional: ['name'] },
  'POST /api/characters/:id/attributes/upgrade': { base: { attribute: 'strength' } },
  'POST /api/characters/:id/console': { base: { text: '/help' } },
  'PUT /api/achievements/time-zone': { base: { timeZone: 'Europe/Berlin' } },
  'PUT /api/first-steps': { base: { hidden: true }, booleans: ['hidden'] },
  'POST /api/away/seen': { base: { until: new Date().toISOString() } },
  'POST /api/push/subscriptions': {
    base: { endpoint: 'https://push.example.test/device', keys: { p256dh: 'BPcMbnWQL5GOYX_5LKZXT6sLmHiMsJSiEvIFvfcDvX7I', auth: 'k8JV6sjdbhAi1n3_LDBLvA' } },
    optional: ['expirationTime'],
    nullable: ['expirationTime'],
    numbers: ['expirationTime'],
  },
  'POST /api/inbox/read': { base: { all: true }, booleans: ['all'] },
  'DELETE /api/push/subscriptions': { base: { endpoint: 'https://push.example.test/device' } },
  'PUT /api/notices/settings': {
    base: { adventures: true, crafts: false, restock: true },
    optional: ['adventures', 'crafts', 'restock'],
    booleans: ['adventures', 'crafts', 'restock'],
  },
  'POST /api/gifts': { base: { toUserId: randomUUID(), requestId: randomUUID(), copper: 100 }, optional: ['copper', 'entryId', 'quantity'] },
  'POST /api/characters/:id/adventures': { base: { location: 'forest', level: 1 } },
  'POST /api/characters/:id/chips/buy': { base: { amount: 100 } },
  'POST /api/characters/:id/chips/cash-out': { base: { amount: 100 } },
  'POST /api/characters/:id/crafting/start': { base: { recipeId: 'iron_sword' } },
  'POST /api/characters/:id/inventory/:entryId/sell': { base: { quantity: 1 }, optional: ['quantity'], nullBody: true },
  'POST /api/characters/:id/store/buy': { base: { offerId: randomUUID() } },
  'POST /api/characters/:id/skills/unlock': { base: { skillId: 'sparkBolt' } },
  'POST /api/characters/:id/auction': { base: { entryId: randomUUID(), price: 100 }, optional: ['quantity'] },
  'PATCH /api/profile': { base: { username: 'Brave' } },
  'POST /api/friends/requests': { base: { userId: 'no-such-player' } },
  'POST /api/blocks': { base: { userId: 'no-such-player' } },
  'POST /api/messages/:userId': { base: { body: 'Hello' } },
  'POST /api/posts': { base: { text: 'Hello' }, optional: ['text', 'imageId'], nullable: ['imageId'], multiline: ['text'] },
  'PATCH /api/posts/:postId': { base: { text: 'Hello' }, multiline: ['text'] },
  'POST /api/posts/:postId/comments': { base: { text: 'Nice' }, multiline: ['text'] },
  'POST /api/chat': { base: { text: 'Hello' }, multiline: ['text'] },
  'POST /api/account/delete': { base: { password: 'not-the-password' } },
  'POST /api/chat/messages/:messageId/report': { base: { reason: 'Spam' }, optional: ['reason'], nullable: ['reason'], nullBody: true },
  'POST /api/reports': { base: { kind: 'chat', itemId: '1', reason: 'Spam' }, optional: ['reason'], nullable: ['reason'] },
  // Issue 28: the sweep's player is no moderator: each of these answers 404 before its body is read.
  'POST /api/moderation/reports/:reportId/actions': { base: { action: 'mute', reason: 'Spam', minutes: 60 }, multiline: ['reason'] },
  'POST /api/moderation/users/:userId/lift': { base: { what: 'mute', reason: 'Served' }, multiline: ['reason'] },
  'POST /api/moderation/reporters/:userId/dismiss': { base: { reason: 'A flood' }, multiline: ['reason'] },
  'POST /api/moderation/staff': { base: { username: 'Brave', role: 'moderator', reason: 'Trusted' }, multiline: ['reason'] },
};
/** Query strings the routes read. */
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/characters/:id/console': { before: '1' },
  'GET /api/dev/outbox': { to: 'someone@example.com' },
  'GET /api/characters/:id/skills': { tree: 'mage' },
  'GET /api/auction/listings': { search: 'sword', tier: 'rare', slot: 'head', sort: 'newest', page: '1' },
  'GET /api/auction/history': { name: 'Iron Sword' },
  'GET /api/users/search': { q: 'brave' },
  'GET /api/messages/:userId': { before: '1' },
  'GET /api/users/:userId/posts': { before: randomUUID() },
};
const QUERY_VALUES = ['', '\u0000', 'a\u0000b', '\u0007', '1e308', String(2 ** 53), '-1', '0.5', 'abc', LONG];
const PARAM_VALUES = ['%00', 'a%00b', '%07', '1e308', '-1', '0.5', 'x'.repeat(90)];

/** Everything the sweep may not change: the player's characters and all their rows. */
async function snapshot() {
  const characters = await db().select().from(playerCharacters).where(eq(playerCharacters.userId, userId));
  const ids = characters.map((c) => c.id);
  return {
    characters,
    attributes: await db().select().from(playerCharacterAttributes).where(inArray(playerCharacterAttributes.characterId, ids)),
    appearance: await db().select().from(playerCharacterAppearance).where(inArray(playerCharacterAppearance.characterId, ids)),
    backpack: await db().select().from(playerCharacterBackpack).where(inArray(playerCharacterBackpack.characterId, ids)),
    inventory: await db().select().from(playerCharacterInventory).where(inArray(playerCharacterInventory.characterId, ids)),
    console: await db().select().from(consoleMessages).where(inArray(consoleMessages.characterId, ids)),
    adventures: await db().select().from(characterAdventures).where(inArray(characterAdventures.characterId, ids)),
    crafts: await db().select().from(characterCrafts).where(inArray(characterCrafts.characterId, ids)),
    poker: await db().select().from(pokerGames).where(inArray(pokerGames.characterId, ids)),
  };
}

const fill = (url: string, params: Record<string, string> = {}) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => params[name] ?? (name === 'entryId' ? entryId : characterId));

interface Attempt {
  label: string;
  method: string;
  path: string;
  /** A JSON value, or a raw body (text or bytes) with its content type. */
  json?: unknown;
  raw?: { text: string | Uint8Array; type: string };
  /** Must be refused (4xx); otherwise only "not 5xx". */
  refuse: boolean;
  /** Strings sent that must never come back. */
  sent: string[];
}

function attemptsFor(route: RouteEntry, method: string): Attempt[] {
  const key = `${method} ${route.url}`;
  const path = fill(route.url);
  const attempts: Attempt[] = [];
  const hasBody = BODY_METHODS.has(method) && route.schema?.body !== undefined;
  const spec = BODIES[key];
  if (hasBody && spec) {
    for (const field of Object.keys({ ...spec.base, ...Object.fromEntries((spec.optional ?? []).map((f) => [f, 1])) })) {
      const without = { ...spec.base };
      delete without[field];
      if (!spec.optional?.includes(field)) attempts.push({ label: `${key} without ${field}`, method, path, json: without, refuse: true, sent: [] });
      if (!spec.nullable?.includes(field))
        attempts.push({ label: `${key} ${field}=null`, method, path, json: { ...spec.base, [field]: null }, refuse: true, sent: [] });
      for (const value of FIELD_VALUES) {
        if (spec.objects?.includes(field) && typeof value === 'object' && value !== null && !Array.isArray(value)) continue;
        if (spec.multiline?.includes(field) && value === 'line\nbreak') continue;
        if (spec.booleans?.includes(field) && typeof value === 'boolean') continue;
        if (spec.numbers?.includes(field) && typeof value === 'number') continue;
        const sent = typeof value === 'string' ? [value] : [];
        attempts.push({
          label: `${key} ${field}=${JSON.stringify(value).slice(0, 20)}`,
          method,
          path,
          json: { ...spec.base, [field]: value },
          refuse: true,
          sent,
        });
      }
    }
    for (const body of [...(spec.nullBody ? [] : [null]), [], [spec.base], 'text', 42, true])
      attempts.push({ label: `${key} body ${JSON.stringify(body)}`, method, path, json: body, refuse: true, sent: [] });
  } else if (hasBody) {
    // A route without a body: anything in one is refused (null is the same as no body).
    for (const body of [[], 'text', 42, true, { junk: 1 }, { junk: '\u0000' }, { [LONG]: LONG }]) {
      attempts.push({
        label: `${key} body ${JSON.stringify(body).slice(0, 30)}`,
        method,
        path,
        json: body,
        refuse: true,
        sent: typeof body === 'object' && body && !Array.isArray(body) ? [LONG] : [],
      });
    }
  }
  if (hasBody) {
    const marker = `{"oops": "${'m'.repeat(40)}`;
    attempts.push({ label: `${key} broken JSON`, method, path, raw: { text: marker, type: 'application/json' }, refuse: true, sent: ['m'.repeat(40)] });
    attempts.push({ label: `${key} text/plain`, method, path, raw: { text: JSON.stringify(spec?.base ?? {}), type: 'text/plain' }, refuse: true, sent: [] });
    attempts.push({ label: `${key} form`, method, path, raw: { text: 'a=1', type: 'application/x-www-form-urlencoded' }, refuse: true, sent: [] });
  }
  if (BODY_METHODS.has(method) && route.schema?.consumes?.includes('multipart/form-data')) attempts.push(...multipartAttempts(key, method, path));
  if (method === 'GET') {
    const query = QUERIES[key];
    for (const [name] of Object.entries(query ?? { junk: '' })) {
      for (const value of QUERY_VALUES) {
        const params = new URLSearchParams({ ...query, [name]: value });
        attempts.push({
          label: `${key} ?${name}=${value.slice(0, 12)}`,
          method,
          path: `${path}?${params}`,
          refuse: false,
          sent: value.length > 3 ? [value] : [],
        });
      }
      attempts.push({ label: `${key} ?${name} twice`, method, path: `${path}?${name}=1&${name}=2`, refuse: false, sent: [] });
    }
  }
  for (const name of route.url.match(/:([A-Za-z0-9_]+)/g) ?? []) {
    for (const value of PARAM_VALUES) {
      const bad = fill(route.url, { [name.slice(1)]: value });
      const json = BODY_METHODS.has(method) ? (spec?.base ?? {}) : undefined;
      attempts.push({ label: `${key} ${name}=${value.slice(0, 12)}`, method, path: bad, json, refuse: true, sent: value.length > 3 ? [value] : [] });
    }
  }
  return attempts;
}

const BOUNDARY = '----sweepBoundary0123456789';
/**
 * Malformed uploads (issue 25): every route that reads multipart gets bodies cut short, without
 * or with a wrong boundary, the wrong field, two files, fields, an empty file, text, a truncated
 * image, and a file name and field that must never come back.
 */
function multipartAttempts(key: string, method: string, path: string): Attempt[] {
  const image = png(16, 16);
  const marker = `Zq${'u'.repeat(60)}`;
  const file = (bytes: Uint8Array | string, name = 'file', filename = 'a.png') => ({ name, filename, bytes });
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const bodies: Array<[string, Uint8Array, string]> = [
    ['cut before the closing boundary', multipartBody(BOUNDARY, [file(image)], { close: false }), type],
    ['cut inside the file', multipartBody(BOUNDARY, [file(image)]).subarray(0, 120), type],
    ['cut inside the part headers', multipartBody(BOUNDARY, [file(image)]).subarray(0, 40), type],
    ['without a boundary', multipartBody(BOUNDARY, [file(image)]), 'multipart/form-data'],
    ['with another boundary', multipartBody(BOUNDARY, [file(image)]), 'multipart/form-data; boundary=other'],
    ['empty', new Uint8Array(), type],
    ['not multipart inside', Buffer.from(marker), type],
    ['a file in another field', multipartBody(BOUNDARY, [file(image, marker)]), type],
    ['two files', multipartBody(BOUNDARY, [file(image), file(image)]), type],
    ['a field beside the file', multipartBody(BOUNDARY, [file(image), { name: 'note', bytes: marker }]), type],
    ['a field only', multipartBody(BOUNDARY, [{ name: 'file', bytes: marker }]), type],
    ['an empty file', multipartBody(BOUNDARY, [file(new Uint8Array())]), type],
    ['text', multipartBody(BOUNDARY, [file(marker, 'file', `${marker}.png`)]), type],
    ['a truncated image', multipartBody(BOUNDARY, [file(image.subarray(0, image.length - 20), 'file', `${marker}.png`)]), type],
  ];
  return bodies.map(([label, text, contentType]) => ({
    label: `${key} multipart ${label}`,
    method,
    path,
    raw: { text, type: contentType },
    refuse: true,
    sent: [marker],
  }));
}

async function send(attempt: Attempt): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin: player.origin, cookie: player.cookieHeader() };
  let body: string | Uint8Array | undefined;
  if (attempt.raw) {
    headers['content-type'] = attempt.raw.type;
    body = attempt.raw.text;
  } else if (attempt.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(attempt.json);
  }
  const res = await fetch(new URL(attempt.path, server.url), { method: attempt.method, headers, body });
  return { status: res.status, text: await res.text() };
}

describe('malformed input to every route (issue "Fit and finish", issue "Security")', () => {
  it('never answers 500, refuses what is malformed with a short message that repeats nothing sent, and changes nothing', async () => {
    const routes = gameRoutes();
    for (const route of routes) {
      for (const method of route.methods) {
        const key = `${method} ${route.url}`;
        const schemaBody = route.schema?.body;
        // A route with a body schema that accepts fields must have a well-formed body listed above.
        if (BODY_METHODS.has(method) && schemaBody && !(schemaBody as { safeParse(v: unknown): { success: boolean } }).safeParse({}).success) {
          expect(BODIES[key], `add a well-formed body for ${key}`).toBeDefined();
        }
      }
    }

    const before = await snapshot();
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const method of route.methods) {
        for (const attempt of attemptsFor(route, method)) {
          count += 1;
          const { status, text } = await send(attempt);
          if (status >= 500) failures.push(`${attempt.label}: ${status} ${text.slice(0, 100)}`);
          else if (attempt.refuse && (status < 400 || status >= 500)) failures.push(`${attempt.label}: answered ${status}`);
          if (status >= 400) {
            let message = '';
            try {
              message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
            } catch {
              failures.push(`${attempt.label}: ${status} without a JSON answer`);
            }
            if (message.length > 200) failures.push(`${attempt.label}: message of ${message.length} characters`);
            // eslint-disable-next-line no-control-regex -- looking for control characters
            if (/[\u0000-\u001F\u007F]/.test(message)) failures.push(`${attempt.label}: control character in the message`);
            for (const sent of attempt.sent)
              if (sent.length > 3 && text.includes(sent.slice(0, 50))) failures.push(`${attempt.label}: the answer repeats the input`);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});

describe('control characters and long text are refused with a clear message (issue "Fit and finish")', () => {
  const CONTROL = 'must not contain control characters';

  it('refuses a NUL in a console line with 400 and stores nothing', async () => {
    const before = await snapshot();
    const res = await player.post<ErrorBody>(`/api/characters/${characterId}/console`, { text: 'hello\u0000world' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message: `text: ${CONTROL}` });
    const long = await player.post<ErrorBody>(`/api/characters/${characterId}/console`, { text: LONG });
    expect(long.body).toEqual({ error: 'invalid_input', message: 'That line is too long (500 characters at most).' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a NUL in the e-mail at sign-up, sign-in and code check, and in the code', async () => {
    const client = new TestClient(server.url);
    const email = `nul\u0000${uniqueEmail()}`;
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'nul' }, `email: ${CONTROL}`],
      ['/api/auth/sign-in/email', { email, password: 'dragon-fire' }, `email: ${CONTROL}`],
      ['/api/auth/email-otp/verify-email', { email, otp: '123456' }, `email: ${CONTROL}`],
      ['/api/auth/email-otp/verify-email', { email: uniqueEmail(), otp: '12\u00003456' }, 'The code is the 6 digits from the e-mail.'],
      ['/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }, `email: ${CONTROL}`],
      ['/api/auth/sign-up/email', { email: uniqueEmail(), password: 'dragon-fire', name: 'a\u0007b' }, `name: ${CONTROL}`],
    ];
    for (const [path, body, message] of calls) {
      const res = await client.post<ErrorBody>(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: 'invalid_input', message });
    }
  });

  it('refuses a 10,000-character name at sign-up and creates no account', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const res = await client.post<ErrorBody>('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: LONG });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_input', message: 'Names are at most 64 characters.' });
    await expect(latestMail(client, email)).rejects.toThrow();
    const fine = await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'x'.repeat(64) });
    expect(fine.status).toBe(200);
  });

  it('never repeats what was sent: long values, long keys, broken JSON', async () => {
    const marker = `Zq${'w'.repeat(600)}`;
    const answers = [
      await player.post(`/api/characters/${characterId}/console`, { text: marker }),
      await player.post(`/api/characters/${characterId}/store/buy`, { offerId: marker }),
      await player.json('PATCH', `/api/characters/${characterId}`, { [marker]: 1 }),
      await player.post(`/api/characters/${characterId}/attributes/reset`, { [marker]: marker }),
      await player.post('/api/auth/sign-in/email', { email: `${marker}@example.com`, password: marker }),
      await player.post('/api/auth/sign-up/email', { email: uniqueEmail(), password: 'dragon-fire', name: 'ok', callbackURL: `/${marker}\u0000` }),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(400);
      expect(JSON.stringify(body)).not.toContain('www');
    }
    const broken = await player.request('POST', `/api/characters/${characterId}/console`, undefined, { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    const raw = await fetch(new URL(`/api/characters/${characterId}/console`, server.url), {
      method: 'POST',
      headers: { origin: player.origin, cookie: player.cookieHeader(), 'content-type': 'application/json' },
      body: `{"text": "${marker}`,
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'invalid_input', message: 'The request body is not valid JSON.' });
  });

  it('refuses floats, 1e308 and 2**53 where a whole number is expected', async () => {
    for (const quantity of [1.5, 1e308, 2 ** 53, -1]) {
      const res = await player.post<ErrorBody>(`/api/characters/${characterId}/inventory/${entryId}/sell`, { quantity });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^quantity: must be (a whole number|at most 1000000|at least 1)$/);
    }
  });
});
