import { accountExportSchema, legalDocumentSchema, sessionListSchema } from '@rpg/contract';
import { eq, sql } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, authUser, authVerification, moderationLog, rateLimits } from '../src/db/schema/index.ts';
import { unverifiedAccountPrune } from '../src/db/queries/retention.ts';
import { AUTH_LIMITS, authLimitKeys, scaleRule } from '../src/http/rateLimit.ts';
import { deleteAccountByEmail } from '../src/ops/admin.ts';
import { auditEconomy, formatAudit } from '../src/ops/audit-economy.ts';
import { pruneRetained } from '../src/scheduler/retention.ts';
import { createCharacter } from './support/characters.ts';
import { latestMail, signIn, signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { gear, getCopper, giveItem, inventoryRows, setCopper } from './support/items.ts';
import { startServerBeside, startTestServer, type TestServer } from './support/server.ts';
import { connectSocket } from './support/socket.ts';
import { usePlayerLimit } from './support/throttle.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(() => server?.stop());

const db = () => server.database.db;
const connect = (client: TestClient) => connectSocket(server.url, client, { origin: server.url });
const userIdOf = async (client: TestClient) => (await client.get<{ id: string }>('/api/me')).body.id;
const outbox = async (to: string) =>
  (await new TestClient(server.url).get<Array<{ subject: string; code: string | null; link: string | null }>>(`/api/dev/outbox?to=${encodeURIComponent(to)}`))
    .body;
const resetMail = async (to: string) => (await outbox(to)).find((m) => m.subject === 'Reset your RPG Adventure password');

/** Fills the counter of one account-route limit so that only `left` attempts fit. */
async function useAuthLimit(route: string, scope: 'address' | 'addressIp', email: string, left: number) {
  const keys = authLimitKeys(AUTH_LIMITS[route]!, route, '127.0.0.1', email, server.config.rateLimitFactor);
  const [key] = keys.find(([k]) => k.startsWith(scope === 'address' ? 'address:' : 'address-ip:'))!;
  const rule = scaleRule(scope === 'address' ? AUTH_LIMITS[route]!.address : AUTH_LIMITS[route]!.addressIp!, server.config.rateLimitFactor);
  await db()
    .insert(rateLimits)
    .values({ key, count: rule.max - left, windowStart: new Date() })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: rule.max - left, windowStart: new Date() } });
}

async function requestReset(email: string) {
  return new TestClient(server.url).post<{ success?: boolean }>('/api/auth/email-otp/request-password-reset', { email });
}

describe('issue 43 point 1: forgot password', () => {
  it('mails a code and a link; the new password signs in and every session and socket of the account ends', async () => {
    const email = uniqueEmail('forgot');
    const here = await signedInPlayer(server.url, email);
    const elsewhere = await signIn(server.url, email);
    const socket = connect(elsewhere);
    await socket.waitFor('hello');

    expect(await requestReset(email)).toEqual({ status: 200, body: { success: true } });
    const mail = await resetMail(email);
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.link).toBe(`${server.url}/auth/reset#${new URLSearchParams({ email, code: mail!.code! }).toString()}`);

    const reset = await new TestClient(server.url).post('/api/auth/email-otp/reset-password', { email, otp: mail!.code, password: 'new-dragon' });
    expect(reset.status).toBe(200);
    expect((await socket.closed).code).toBe(4000);
    expect((await here.get('/api/me')).status).toBe(401);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(401);
    expect((await signIn(server.url, email, 'new-dragon').then((c) => c.get('/api/me'))).status).toBe(200);

    // Single use: the same code again is refused.
    const again = await new TestClient(server.url).post<{ message: string }>('/api/auth/email-otp/reset-password', {
      email,
      otp: mail!.code,
      password: 'third-dragon',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('That code is not right. Check the e-mail and try again.');
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const known = uniqueEmail('known');
    await signedInPlayer(server.url, known);
    const unknown = uniqueEmail('nobody');
    const a = await requestReset(known);
    const b = await requestReset(unknown);
    expect(b).toEqual(a);
    expect(await outbox(unknown)).toEqual([]);
    // Nor can a reset code be asked for through the verification endpoint.
    expect((await new TestClient(server.url).post('/api/auth/email-otp/send-verification-otp', { email: known, type: 'forget-password' })).status).toBe(400);
  });

  it('refuses a wrong code, an expired code, a short password, and five wrong codes end the code', async () => {
    const email = uniqueEmail('wrong');
    await signedInPlayer(server.url, email);
    await requestReset(email);
    const { code } = (await resetMail(email))!;
    const client = new TestClient(server.url);
    const short = await client.post<{ message: string }>('/api/auth/email-otp/reset-password', { email, otp: code, password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/auth/email-otp/reset-password', { email, otp: wrong, password: 'new-dragon' })).status).toBe(400);
    const locked = await client.post<{ message: string }>('/api/auth/email-otp/reset-password', { email, otp: code, password: 'new-dragon' });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('Too many wrong codes. Ask for a new e-mail.');
    // An expired code.
    await requestReset(email);
    const fresh = (await resetMail(email))!;
    await db()
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerification.identifier, `forget-password-otp-${email}`));
    const expired = await client.post<{ message: string }>('/api/auth/email-otp/reset-password', { email, otp: fresh.code, password: 'new-dragon' });
    expect(expired.body.message).toBe('That code has expired. Ask for a new e-mail.');
    // The old password still works: nobody can lock a player out by asking for resets.
    expect((await signIn(server.url, email).then((c) => c.get('/api/me'))).status).toBe(200);
  });

  it('throttles reset mails per address and code checks per address', async () => {
    const email = uniqueEmail('throttle');
    await signedInPlayer(server.url, email);
    await useAuthLimit('/email-otp/request-password-reset', 'address', email, 1);
    expect((await requestReset(email)).status).toBe(200);
    const refused = await requestReset(email);
    expect(refused.status).toBe(429);
    // The same for an unknown address: no oracle in the limit either.
    const unknown = uniqueEmail('unknown-throttle');
    await useAuthLimit('/email-otp/request-password-reset', 'addressIp', unknown, 0);
    expect((await requestReset(unknown)).status).toBe(429);
    await useAuthLimit('/email-otp/reset-password', 'address', email, 0);
    expect((await new TestClient(server.url).post('/api/auth/email-otp/reset-password', { email, otp: '123456', password: 'new-dragon' })).status).toBe(429);
  });

  it('two resets with one code at once: exactly one sets its password', async () => {
    const email = uniqueEmail('twice');
    await signedInPlayer(server.url, email);
    await requestReset(email);
    const { code } = (await resetMail(email))!;
    const [a, b] = await Promise.all(
      ['first-dragon', 'second-dragon'].map((password) =>
        new TestClient(server.url).post('/api/auth/email-otp/reset-password', { email, otp: code, password }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 400]);
    const winner = a!.status === 200 ? 'first-dragon' : 'second-dragon';
    const loser = a!.status === 200 ? 'second-dragon' : 'first-dragon';
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: loser })).status).toBe(401);
    expect((await signIn(server.url, email, winner).then((c) => c.get('/api/me'))).status).toBe(200);
  });

  it('a sign-in with the old password racing the reset never keeps a session', async () => {
    for (let round = 0; round < 4; round++) {
      const email = uniqueEmail('race');
      await signedInPlayer(server.url, email);
      await requestReset(email);
      const { code } = (await resetMail(email))!;
      const racer = new TestClient(server.url);
      const [signInAnswer, reset] = await Promise.all([
        racer.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' }),
        new TestClient(server.url).post('/api/auth/email-otp/reset-password', { email, otp: code, password: 'new-dragon' }),
      ]);
      expect(reset.status).toBe(200);
      expect([200, 401]).toContain(signInAnswer.status);
      // Whatever order they ran in, the old password's session is gone.
      expect((await racer.get('/api/me')).status).toBe(401);
      const userId = (await db().select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email)))[0]!.id;
      expect(await db().select().from(authSession).where(eq(authSession.userId, userId))).toEqual([]);
    }
  });
});

describe('issue 43 point 2: signed-in devices', () => {
  it('lists the devices, signs one out (its socket closes), refuses this device and an unknown one', async () => {
    const email = uniqueEmail('devices');
    const here = await signedInPlayer(server.url, email);
    const elsewhere = new TestClient(server.url);
    await elsewhere.request(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: 'dragon-fire' },
      { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0' },
    );
    const socket = connect(elsewhere);
    const hereSocket = connect(here);
    await socket.waitFor('hello');
    await hereSocket.waitFor('hello');

    const list = await here.get('/api/account/sessions');
    const { sessions } = sessionListSchema.parse(list.body);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    const other = sessions.find((s) => !s.current)!;
    expect(other.device).toBe('Firefox on Windows');
    expect(other.ipAddress).toBe('127.0.0.1');

    expect((await here.post<{ message: string }>(`/api/account/sessions/${sessions[0]!.id}/revoke`)).body.message).toBe(
      'This is the device you are using: sign out from the account menu.',
    );
    expect((await here.post(`/api/account/sessions/not-a-session/revoke`)).status).toBe(404);
    // Another player's session is not theirs to end.
    const stranger = await signedInPlayer(server.url);
    expect((await stranger.post(`/api/account/sessions/${other.id}/revoke`)).status).toBe(404);

    expect((await here.post(`/api/account/sessions/${other.id}/revoke`)).status).toBe(204);
    await socket.waitFor('signed-out');
    expect((await socket.closed).code).toBe(4401);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    // This device's tabs are told to refetch the list.
    await hereSocket.waitFor('invalidate', (m) => JSON.stringify(m).includes('sessions'));
    expect(sessionListSchema.parse((await here.get('/api/account/sessions')).body).sessions).toHaveLength(1);
    expect((await here.post(`/api/account/sessions/${other.id}/revoke`)).status).toBe(404);
    hereSocket.ws.close();
  });

  it('throttles signing devices out', async () => {
    const here = await signedInPlayer(server.url);
    await usePlayerLimit(server, 'sessionRevocations', await userIdOf(here), 0);
    expect((await here.post('/api/account/sessions/x/revoke')).status).toBe(429);
  });
});

describe('issue 43 point 3: squatted addresses', () => {
  it('a new sign-up replaces an unverified account: the squatter’s password and code are void, the owner’s verification confirms the owner’s password', async () => {
    const email = uniqueEmail('squat');
    const squatter = new TestClient(server.url);
    expect((await squatter.post('/api/auth/sign-up/email', { email, password: 'squatter-pw', name: 'squatter' })).status).toBe(200);
    const squatterCode = (await latestMail(squatter, email)).code;

    const owner = new TestClient(server.url);
    expect((await owner.post('/api/auth/sign-up/email', { email, password: 'owner-pw', name: 'owner' })).status).toBe(200);
    const ownerCode = (await latestMail(owner, email)).code;
    if (squatterCode !== ownerCode) expect((await squatter.post('/api/auth/email-otp/verify-email', { email, otp: squatterCode })).status).toBe(400);
    expect((await owner.post('/api/auth/email-otp/verify-email', { email, otp: ownerCode })).status).toBe(200);

    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'squatter-pw' })).status).toBe(401);
    expect((await signIn(server.url, email, 'owner-pw').then((c) => c.get('/api/me'))).status).toBe(200);
    // A verified address is still taken (spec 01 §5).
    const late = await new TestClient(server.url).post<{ message: string }>('/api/auth/sign-up/email', { email, password: 'third-pw', name: 'third' });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('This email is already registered. Please log in instead.');
  });

  it('unverified accounts are deleted after a week by the retention job; verified ones stay', async () => {
    const stale = uniqueEmail('stale');
    const recent = uniqueEmail('recent');
    for (const email of [stale, recent])
      await new TestClient(server.url).post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: email.split('@')[0] });
    const old = uniqueEmail('oldverified');
    await signedInPlayer(server.url, old);
    const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await db()
      .update(authUser)
      .set({ createdAt: weekAgo })
      .where(sql`${authUser.email} in (${stale}, ${old})`);
    const counts = await pruneRetained(db(), new Date(), [unverifiedAccountPrune(7)]);
    expect(counts['unverified accounts']).toBeGreaterThanOrEqual(1);
    const left = (
      await db()
        .select({ email: authUser.email })
        .from(authUser)
        .where(sql`${authUser.email} in (${stale}, ${recent}, ${old})`)
    )
      .map((r) => r.email)
      .sort();
    expect(left).toEqual([old, recent].sort());
  });
});

describe('issue 43 point 4: deleting an account', () => {
  it('refuses without the password or with a wrong one, and throttles the attempts', async () => {
    const client = await signedInPlayer(server.url);
    const empty = await client.post<{ message: string }>('/api/account/delete', { password: '' });
    expect(empty.body.message).toBe('Enter your password to delete your account.');
    const wrong = await client.post<{ message: string }>('/api/account/delete', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    await usePlayerLimit(server, 'accountDeletion', await userIdOf(client), 0);
    expect((await client.post('/api/account/delete', { password: 'dragon-fire' })).status).toBe(429);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/account/delete', { password: 'dragon-fire' })).status).toBe(401);
  });

  it('removes the account, its characters, listings, posts and sessions; a buyer keeps the item; the ledger reconciles', async () => {
    const email = uniqueEmail('leaving');
    const leaving = await signedInPlayer(server.url, email);
    const other = await signIn(server.url, email);
    const socket = connect(other);
    await socket.waitFor('hello');
    const { id: characterId } = await createCharacter(leaving);
    await setCopper(db(), characterId, 5_000);
    const buyer = await signedInPlayer(server.url);
    const { id: buyerCharacterId } = await createCharacter(buyer);
    await setCopper(db(), buyerCharacterId, 5_000);
    const sold = await giveItem(db(), characterId, gear('Parting Blade', 'mainHand', { attack: 1 }, 100));
    const kept = await giveItem(db(), characterId, gear('Listed Blade', 'mainHand', { attack: 1 }, 100));
    const soldListing = await leaving.post<{ listing: { id: string } }>(`/api/characters/${characterId}/auction`, { entryId: sold, price: 500 });
    const keptListing = await leaving.post<{ listing: { id: string } }>(`/api/characters/${characterId}/auction`, { entryId: kept, price: 500 });
    expect((await buyer.post(`/api/characters/${buyerCharacterId}/auction/${soldListing.body.listing.id}/buy`)).status).toBe(200);
    expect((await leaving.post('/api/posts', { text: 'Farewell, realm' })).status).toBe(200);

    const listed = await buyer.get<{ listings: Array<{ id: string }> }>(`/api/auction/listings?search=Listed`);
    expect(listed.body.listings.map((l) => l.id)).toContain(keptListing.body.listing.id);

    expect((await leaving.post('/api/account/delete', { password: 'dragon-fire' })).status).toBe(204);
    expect((await socket.closed).code).toBe(4000);
    expect((await leaving.get('/api/me')).status).toBe(401);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(401);
    // The buyer keeps what they bought; the listing still up is gone from the auction house.
    expect((await inventoryRows(db(), buyerCharacterId)).some((r) => r.itemData.name === 'Parting Blade')).toBe(true);
    const market = await buyer.get<{ listings: Array<{ id: string }> }>(`/api/auction/listings?search=Listed`);
    expect(market.status).toBe(200);
    expect(market.body.listings.map((l) => l.id)).not.toContain(keptListing.body.listing.id);
    expect(await db().select().from(authUser).where(eq(authUser.email, email))).toEqual([]);
    // The address is free again.
    expect((await new TestClient(server.url).post('/api/auth/sign-up/email', { email, password: 'dragon-fire', name: 'again' })).status).toBe(200);
    const report = await auditEconomy(db());
    expect(report.ok, formatAudit(report)).toBe(true);
  });

  it('the host deletes an account from the command line (admin.ts), logged in the moderation log', async () => {
    const email = uniqueEmail('hostdelete');
    const client = await signedInPlayer(server.url, email);
    const userId = await userIdOf(client);
    await createCharacter(client);
    const { message } = await deleteAccountByEmail(db(), email, server.dataDir);
    expect(message).toContain(`Deleted the account ${email}`);
    expect(await db().select().from(authUser).where(eq(authUser.id, userId))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.action, 'delete-account'))
      .orderBy(sql`${moderationLog.id} desc`)
      .limit(1);
    expect(entry?.actorName).toBe('host (npm run admin)');
    expect(entry?.details).toMatchObject({ email, characters: 1 });
    await expect(deleteAccountByEmail(db(), email, server.dataDir)).rejects.toThrow(`No account has the e-mail ${email}.`);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'deleting an account while its listing is being bought: no 500, the buyer pays exactly when it gets the item, the audit is whole (PostgreSQL)',
    async () => {
      for (let round = 0; round < 4; round++) {
        const leaving = await signedInPlayer(server.url);
        const { id: characterId } = await createCharacter(leaving);
        await setCopper(db(), characterId, 1_000);
        const buyer = await signedInPlayer(server.url);
        const { id: buyerCharacterId } = await createCharacter(buyer);
        await setCopper(db(), buyerCharacterId, 10_000);
        const entryId = await giveItem(db(), characterId, gear(`Race Blade ${round}`, 'mainHand', { attack: 1 }, 100));
        const listing = await leaving.post<{ listing: { id: string } }>(`/api/characters/${characterId}/auction`, { entryId, price: 1_000 });
        expect(listing.status).toBe(200);
        const [buy, deletion] = await Promise.all([
          buyer.post(`/api/characters/${buyerCharacterId}/auction/${listing.body.listing.id}/buy`),
          leaving.post('/api/account/delete', { password: 'dragon-fire' }),
        ]);
        expect(deletion.status).toBe(204);
        expect([200, 404, 409]).toContain(buy.status);
        const held = (await inventoryRows(db(), buyerCharacterId)).filter((r) => r.itemData.name === `Race Blade ${round}`);
        expect(held).toHaveLength(buy.status === 200 ? 1 : 0);
        expect(await getCopper(db(), buyerCharacterId)).toBe(buy.status === 200 ? 9_000 : 10_000);
      }
      const report = await auditEconomy(db());
      expect(report.ok, formatAudit(report)).toBe(true);
    },
    120_000,
  );
});

describe('issue 43 point 5: download my data', () => {
  it('one JSON file of the account, characters, inventory, ledger, messages, posts, friends; no secrets; throttled', async () => {
    const email = uniqueEmail('export');
    const client = await signedInPlayer(server.url, email);
    const { id: characterId } = await createCharacter(client);
    await giveItem(db(), characterId, gear('Export Blade', 'mainHand', { attack: 1 }, 100));
    await client.post('/api/posts', { text: 'My words are mine' });
    const response = await client.request('GET', '/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="rpg-adventure-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = accountExportSchema.parse(JSON.parse(text));
    expect(data.account.email).toBe(email);
    expect(data.characters[0]!.inventory.some((i) => JSON.stringify(i).includes('Export Blade'))).toBe(true);
    expect(data.characters[0]!.ledger.length).toBeGreaterThan(0);
    expect(data.posts[0]).toMatchObject({ text: 'My words are mine' });
    expect(data.sessions).toHaveLength(1);
    const token = (await db().select({ token: authSession.token }).from(authSession).where(eq(authSession.userId, data.account.id)))[0]!.token;
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/"password"/);

    await usePlayerLimit(server, 'dataExport', data.account.id, 0);
    const refused = await client.get<{ message: string }>('/api/account/export');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Your data was downloaded a moment ago. Try again in an hour.');
  });
});

describe('issue 43 point 6: terms and privacy', () => {
  it('serves the plain defaults, then the host’s files from LEGAL_DIR', async () => {
    const privacy = legalDocumentSchema.parse((await new TestClient(server.url).get('/api/legal/privacy')).body);
    expect(privacy).toMatchObject({ title: 'Privacy Notice', fromHost: false });
    expect(privacy.text).toContain('a hash of your password');
    expect((await new TestClient(server.url).get('/api/legal/cookies')).status).toBe(400);
    mkdirSync(server.config.legalDir, { recursive: true });
    writeFileSync(path.join(server.config.legalDir, 'terms.txt'), 'Be kind.\n\nThe host.\n');
    expect((await new TestClient(server.url).get('/api/legal/terms')).body).toEqual({ title: 'Terms of Use', text: 'Be kind.\n\nThe host.', fromHost: true });
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('issue 43: across two server processes (PostgreSQL)', () => {
  it('a device signed out on one process closes on the other; a reset on one ends the sessions and sockets held on the other', async () => {
    const beside = await startServerBeside(server);
    try {
      const email = uniqueEmail('twoproc');
      await signedInPlayer(server.url, email);
      const onB = await signIn(beside.url, email);
      // B's cache holds the session (a read), and its socket is open.
      expect((await onB.get('/api/me')).status).toBe(200);
      const socketB = connectSocket(beside.url, onB, { origin: beside.url });
      await socketB.waitFor('hello');

      const here = await signIn(server.url, email);
      const bSession = sessionListSchema.parse((await onB.get('/api/account/sessions')).body).sessions.find((s) => s.current)!;
      // The device on B, signed out from A: B's cache and B's socket follow at once.
      expect((await here.post(`/api/account/sessions/${bSession.id}/revoke`)).status).toBe(204);
      await socketB.waitFor('signed-out');
      expect((await socketB.closed).code).toBe(4401);
      expect((await onB.get('/api/me')).status).toBe(401);

      const onB2 = await signIn(beside.url, email);
      expect((await onB2.get('/api/me')).status).toBe(200);
      const socketB2 = connectSocket(beside.url, onB2, { origin: beside.url });
      await socketB2.waitFor('hello');
      await requestReset(email);
      const { code } = (await resetMail(email))!;
      expect((await new TestClient(server.url).post('/api/auth/email-otp/reset-password', { email, otp: code, password: 'new-dragon' })).status).toBe(200);
      // The reset on A: B's cached session and socket end too.
      expect((await socketB2.closed).code).toBe(4000);
      expect((await onB2.get('/api/me')).status).toBe(401);
      expect((await here.get('/api/me')).status).toBe(401);
    } finally {
      await beside.stop();
    }
  }, 120_000);
});
