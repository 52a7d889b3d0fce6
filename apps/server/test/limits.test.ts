import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/index.ts';
import { addressKey, FullWindows } from '../src/http/rateLimit.ts';
import { createCharacter } from './support/characters.ts';
import { latestMail, TestClient, uniqueEmail } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { socialPlayer, type Player } from './support/social.ts';
import { usePlayerLimit } from './support/throttle.ts';

/**
 * Issue 25 (points 5 and the limit items) and issue 27 point 1, at RATE_LIMIT_FACTOR=1 (the
 * production numbers). TRUST_PROXY=1 so that each request names its client address in
 * X-Forwarded-For: several addresses from one test.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: '1' } });
});
afterAll(() => server?.stop());

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** `count` GETs of `path`, `batch` at a time: their statuses. */
async function burst(client: TestClient, path: string, count: number, ip: (i: number) => string, batch = 50): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += batch) {
    const size = Math.min(batch, count - i);
    const answers = await Promise.all(Array.from({ length: size }, (_, k) => client.request('GET', path, undefined, from(ip(i + k)))));
    for (const answer of answers) {
      statuses.push(answer.status);
      await answer.body?.cancel();
    }
  }
  return statuses;
}

const signIn = (ip: string, email: string, password = 'wrong-password') =>
  new TestClient(server.url).request('POST', '/api/auth/sign-in/email', { email, password }, from(ip));

describe('the general limit (600 requests a minute)', () => {
  it('covers get-session and health, per client address, an IPv6 address by its /64', async () => {
    const anonymous = new TestClient(server.url);
    const statuses = await burst(anonymous, '/api/health', 600, (i) => `2001:db8:aa:1::${(i + 1).toString(16)}`);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Another address of the same /64: the same limit, get-session included.
    const refused = await anonymous.request('GET', '/api/auth/get-session', undefined, from('2001:db8:aa:1:ffff:ffff:ffff:ffff'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await anonymous.request('GET', '/api/health', undefined, from('2001:db8:aa:1::1'))).status).toBe(429);
    // The next /64 and another address are not held back.
    expect((await anonymous.request('GET', '/api/health', undefined, from('2001:db8:aa:2::1'))).status).toBe(200);
    expect((await anonymous.request('GET', '/api/auth/get-session', undefined, from('10.20.30.40'))).status).toBe(200);
  }, 60_000);

  it('limits a signed-in player per account: two players behind one address never share it (issue 27, point 1)', async () => {
    const [ann, ben] = [await socialPlayer(server.url, 'home'), await socialPlayer(server.url, 'home')];
    const router = '10.9.9.9';
    // 700 requests from one address in a minute, 350 each: none refused.
    const both = await Promise.all([burst(ann.client, '/api/me', 350, () => router, 25), burst(ben.client, '/api/me', 350, () => router, 25)]);
    expect(both.flat().filter((s) => s !== 200)).toEqual([]);
    expect((await new TestClient(server.url).request('GET', '/api/health', undefined, from(router))).status).toBe(200);
    // One account over its own limit is refused; the other player at the same address is not.
    const more = await burst(ann.client, '/api/me', 300, () => router);
    expect(more).toContain(429);
    expect((await ben.client.request('GET', '/api/me', undefined, from(router))).status).toBe(200);
  }, 60_000);
});

describe('account routes: per address and per client address together, no lock-out by a stranger', () => {
  it('a stranger failing sign-in on an address does not lock its owner out; many addresses together are still bounded', async () => {
    const owner: Player = await socialPlayer(server.url, 'owner');
    for (let i = 0; i < 10; i++) expect((await signIn('10.1.1.1', owner.email)).status).toBe(401);
    expect((await signIn('10.1.1.1', owner.email)).status).toBe(429);
    // The owner, from their own network, signs in.
    expect((await signIn('10.2.2.2', owner.email, 'dragon-fire')).status).toBe(200);

    // Guessing from many addresses: 50 attempts per address in 5 minutes, wherever they come from.
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let ip = 1; ip <= 6; ip++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(`10.5.0.${ip}`, target)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(401));
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
  }, 120_000);

  it("a stranger asking for an address's verification mails does not stop its owner's", async () => {
    const email = uniqueEmail('mail');
    const owner = new TestClient(server.url);
    expect((await owner.request('POST', '/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'mail' }, from('10.3.3.3'))).status).toBe(200);
    const stranger = new TestClient(server.url);
    const ask = (client: TestClient, ip: string) =>
      client.request('POST', '/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }, from(ip));
    for (let i = 0; i < 3; i++) expect((await ask(stranger, '10.1.1.7')).status).toBe(200);
    expect((await ask(stranger, '10.1.1.7')).status).toBe(429);
    expect((await ask(owner, '10.3.3.3')).status).toBe(200);
    expect((await latestMail(owner, email)).code).toMatch(/^\d{6}$/);
  });

  it('refuses an attempt over the limit without writing to the shared table', async () => {
    const email = uniqueEmail('refused');
    for (let i = 0; i < 10; i++) expect((await signIn('10.6.6.6', email)).status).toBe(401);
    expect((await signIn('10.6.6.6', email)).status).toBe(429);
    const before = await server.database.db.select().from(rateLimits);
    for (let i = 0; i < 20; i++) {
      const refused = await signIn('10.6.6.6', email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const after = await server.database.db.select().from(rateLimits);
    expect(after).toEqual(before);
  }, 60_000);
});

describe('per-player throttles of the writes others see and the reads that grow with the players', () => {
  it('refuses each over its limit with 429, its message and Retry-After', async () => {
    const writer = await socialPlayer(server.url, 'writer');
    const { id: characterId } = await createCharacter(writer.client);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const tries = [
      ['posts', () => writer.client.request('POST', '/api/posts', { text: 'Hello' }), 'You are posting too quickly. Try again in a few minutes.'],
      [
        'comments',
        () => writer.client.request('POST', `/api/posts/${nobody}/comments`, { text: 'Hi' }),
        'You are commenting too quickly. Try again in a few minutes.',
      ],
      ['likes', () => writer.client.request('PUT', `/api/posts/${nobody}/like`, {}), 'You are liking posts too quickly. Slow down a little.'],
      [
        'listings',
        () => writer.client.request('POST', `/api/characters/${characterId}/auction`, { entryId: nobody, quantity: 1, price: 100 }),
        'You are listing and cancelling too quickly. Try again in a few minutes.',
      ],
      [
        'gifts',
        () => writer.client.request('POST', '/api/gifts', { toUserId: nobody, requestId: randomUUID(), copper: 1 }),
        'You are sending gifts too quickly. Try again in a few minutes.',
      ],
      ['reports', () => writer.client.request('POST', '/api/chat/messages/999999999/report', {}), 'You are reporting too quickly. Try again in a few minutes.'],
      ['userSearch', () => writer.client.request('GET', '/api/users/search?q=her'), 'You are searching too quickly. Slow down a little.'],
      [
        'friendSuggestions',
        () => writer.client.request('GET', '/api/friends/suggestions'),
        'Friend suggestions are asked for too often. Try again in a minute.',
      ],
      ['leaderboards', () => writer.client.request('GET', '/api/leaderboards/xp'), 'The leaderboards are asked for too often. Try again in a minute.'],
    ] as const;
    for (const [limit, attempt, message] of tries) {
      await usePlayerLimit(server, limit, writer.id, 1);
      const allowed = await attempt();
      expect(allowed.status, limit).not.toBe(429);
      const refused = await attempt();
      expect(refused.status, limit).toBe(429);
      expect(Number(refused.headers.get('retry-after')), limit).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toBe(message);
    }
    // Cancelling a listing counts with listing.
    expect((await writer.client.request('POST', `/api/auction/${nobody}/cancel`, {})).status).toBe(429);
    // Another player is not held back.
    const other = await socialPlayer(server.url, 'other');
    expect((await other.client.request('GET', '/api/leaderboards/xp')).status).toBe(200);
  }, 60_000);
});

describe('addressKey and FullWindows', () => {
  it('keys an IPv6 address by its /64, an IPv4 (mapped or not) whole', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('remembers a full window until it ends, within its bound', () => {
    const full = new FullWindows(3);
    full.full('a', 10, 0);
    expect(full.wait('a', 1_000)).toBe(9);
    expect(full.wait('a', 10_000)).toBe(0);
    for (const key of ['b', 'c', 'd', 'e']) full.full(key, 10, 0);
    expect(full.size).toBeLessThanOrEqual(3);
    expect(full.wait('e', 0)).toBe(10);
  });
});
