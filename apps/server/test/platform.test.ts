import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe('health and the development outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('answers /api/health with the database kind', async () => {
    const res = await new TestClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await new TestClient(server.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });

  it('lists an address mails newest first', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'x' });
    await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    const res = await client.get<Array<{ sentAt: string; to: string }>>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]!.to).toBe(email);
    expect(Date.parse(res.body[0]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(res.body[1]!.sentAt));
  });
});

describe('in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => server?.stop());

  it('has no outbox route', async () => {
    const res = await new TestClient(server.url).get('/api/dev/outbox?to=a@b.co');
    expect(res.status).toBe(404);
  });
});
