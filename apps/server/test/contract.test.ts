/**
 * Issue 26, "each answer's shape defined once, in the contract": the test client parses every
 * answer with its route's contract schema (support/contract.ts), and every /api route declares
 * one for its success, so no route escapes the check.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from '../src/http/errors.ts';
import { registerSchemas, type RouteEntry } from '../src/http/schema.ts';
import { TestClient } from './support/client.ts';
import { findRoute, registerContractServer, uncheckedReason, unregisterContractServer, UNCHECKED_ROUTES } from './support/contract.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe('the test client parses every answer with its route contract', () => {
  let app: FastifyInstance;
  let url: string;
  const flagSchema = z.object({ muted: z.boolean() });
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerSchemas(app);
    registerErrorHandler(app);
    // A null where the contract says boolean, sent as text that no serializer checks.
    app.get('/api/flag/sql', { schema: { response: { 200: flagSchema } } }, async (_request, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send('{"muted":null}'),
    );
    app.get('/api/flag/:id', { schema: { response: { 200: flagSchema } } }, async () => ({ muted: true }));
    app.get('/api/flag/ok', { schema: { response: { 200: flagSchema } } }, async () => ({ muted: false }));
    app.get('/api/no-schema', async () => ({ anything: 1 }));
    app.get('/api/bad-refusal', async (_request, reply) => reply.status(409).send({ reason: 'taken' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    registerContractServer(url, app);
  });
  afterAll(async () => {
    unregisterContractServer(url, app);
    await app?.close();
  });

  it('fails on an answer outside its contract, naming the route, the status and the field', async () => {
    const client = new TestClient(url);
    await expect(client.get('/api/flag/sql')).rejects.toThrow(/GET \/api\/flag\/sql answered 200 outside its contract:[\s\S]*muted/);
  });

  it('finds the route by its pattern, the static one before a parameter', async () => {
    const client = new TestClient(url);
    expect((await client.get('/api/flag/7')).body).toEqual({ muted: true });
    expect((await client.get('/api/flag/ok')).body).toEqual({ muted: false });
    expect(findRoute(app.routeCatalog, 'GET', '/api/flag/ok')?.url).toBe('/api/flag/ok');
    expect(findRoute(app.routeCatalog, 'GET', '/api/flag/sql')?.url).toBe('/api/flag/sql');
    expect(findRoute(app.routeCatalog, 'GET', '/api/flag/x')?.url).toBe('/api/flag/:id');
    expect(findRoute(app.routeCatalog, 'POST', '/api/flag/x')).toBeUndefined();
  });

  it('fails on a success without a response schema, and on a refusal that is not the ErrorBody', async () => {
    const client = new TestClient(url);
    await expect(client.get('/api/no-schema')).rejects.toThrow('GET /api/no-schema answered 200, and the route declares no response schema for 200');
    await expect(client.get('/api/bad-refusal')).rejects.toThrow(/GET \/api\/bad-refusal answered 409 outside its contract:[\s\S]*error/);
    // The not-found answer (no route) is an ErrorBody.
    expect((await client.get('/api/nowhere')).status).toBe(404);
  });

  it('fails on a server no test registered', async () => {
    const other = Fastify({ logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address();
      const client = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      await expect(client.get('/')).rejects.toThrow('contract check: no test server registered');
    } finally {
      await other.close();
    }
  });
});

describe('every /api route declares the schema of its success answer (issue 26)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Development: the dev-only routes (outbox, grants, /api/docs) are registered too.
    server = await startTestServer({ env: { NODE_ENV: 'development' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('has a zod response schema for a 2xx status on each route, the listed exceptions aside', () => {
    const routes: RouteEntry[] = server.app.routeCatalog.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const route of routes) {
      if (uncheckedReason(route)) continue;
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0 || !success.every(([, schema]) => schema instanceof z.ZodType)) missing.push(`${route.methods.join(',')} ${route.url}`);
    }
    expect(missing).toEqual([]);
    // Each exception is a route that exists (a renamed route is not silently excused).
    for (const exception of UNCHECKED_ROUTES)
      expect(
        routes.map((r) => r.url),
        exception.url,
      ).toContain(exception.url);
  });
});
