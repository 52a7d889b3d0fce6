import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// The real limits (factor 1), so the password-change limit is checked as players meet it.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1' } });
});
afterAll(() => server?.stop());

interface AuthError {
  code?: string;
  message: string;
}
const password = 'dragon-fire';
const change = (client: TestClient, currentPassword: string, newPassword: string) =>
  client.post<AuthError & { token?: string }>('/api/auth/change-password', { currentPassword, newPassword, revokeOtherSessions: true });
const signIn = (email: string, pw: string) => new TestClient(server.url).post<AuthError>('/api/auth/sign-in/email', { email, password: pw });

describe('password change (DECISIONS §2 "Settings password change")', () => {
  it('refuses a wrong current password with a clear message and keeps the old password', async () => {
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email, password);
    const res = await change(player, 'not-my-password', 'a-new-secret');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Current password is incorrect' });
    expect((await signIn(email, 'a-new-secret')).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(200);
    expect((await player.get('/api/me')).status).toBe(200);
  });

  it('refuses a new password shorter than 6 characters with the spec text', async () => {
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email, password);
    const res = await change(player, password, '12345');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 6 characters' });
    expect((await signIn(email, password)).status).toBe(200);
  });

  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email, password);
    const otherDevice = new TestClient(server.url);
    expect((await otherDevice.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await otherDevice.get('/api/me')).status).toBe(200);

    const res = await change(player, password, 'brand-new-secret');
    expect(res.status).toBe(200);
    expect((await player.get('/api/me')).status).toBe(200);
    expect((await otherDevice.get('/api/me')).status).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'brand-new-secret')).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await change(new TestClient(server.url), password, 'whatever-new');
    expect(res.status).toBe(401);
  });

  it('allows 10 attempts per account in 10 minutes', async () => {
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email, password);
    for (let i = 0; i < 10; i++) expect((await change(player, `guess-${i}`, 'a-new-secret')).status).toBe(400);
    const blocked = await change(player, password, 'a-new-secret');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect((await signIn(email, password)).status).toBe(200);
  });
});
