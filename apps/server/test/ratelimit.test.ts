import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1' } });
});
afterAll(() => server?.stop());

describe('auth rate limits (per address and per IP)', () => {
  it('answers 429 with a clear message after 10 sign-in attempts on one address in 5 minutes', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post<{ message: string }>('/api/auth/sign-in/email', { email, password: 'wrong-password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    // another address from the same IP is not blocked by that address's limit
    const other = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'wrong-password' });
    expect(other.status).toBe(401);
  });

  it('allows 3 verification mails per address in 5 minutes', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await client.post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'x' });
    for (let i = 0; i < 3; i++) {
      expect((await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' })).status).toBe(200);
    }
    const blocked = await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
    expect(blocked.status).toBe(429);
    const outbox = await client.get<unknown[]>(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body).toHaveLength(4);
  });

  it('limits code checks per address', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/auth/email-otp/verify-email', { email, otp: '000000' })).status);
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits sign-ups per IP', async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await client.post('/api/auth/sign-up/email', { email: uniqueEmail('ip'), password: 'dragon-fire', name: 'x' })).status);
    // the earlier tests of this file made 2 sign-ups from this IP already
    expect(statuses.filter((s) => s === 200)).toHaveLength(20 - 1);
    expect(statuses.at(-1)).toBe(429);
  });
});
