import { randomUUID } from 'node:crypto';
import { inboxSchema, noticeSettingsSchema, pushKeySchema, webPushPayloadSchema } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/db/schema/index.ts';
import { trader } from './support/characters.ts';
import { setCopper } from './support/items.ts';
import { startPushDevice, type PushDevice } from './support/push-service.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { openSocket } from './support/socket.ts';

// RPG_TIME_SCALE 600: a level-1 adventure (1 minute) lasts 100 ms.
let server: TestServer;
let device: PushDevice;
beforeAll(async () => {
  [server, device] = await Promise.all([startTestServer({ env: { RPG_TIME_SCALE: '600' } }), startPushDevice()]);
});
afterAll(async () => {
  await server?.stop();
  await device?.close();
});
const db = () => server.database.db;
const adventure = (p: Awaited<ReturnType<typeof trader>>) => p.client.post(`/api/characters/${p.characterId}/adventures`, { location: 'forest', level: 1 });

describe('issue 44: notice settings', () => {
  it('are all on at first, saved per player, and a change reaches every open tab', async () => {
    const p = await trader(server.url);
    expect(noticeSettingsSchema.parse((await p.client.get('/api/notices/settings')).body)).toEqual({ adventures: true, crafts: true, restock: true });
    const tab = await openSocket(server.url, p.client);
    const saved = await p.client.json('PUT', '/api/notices/settings', { restock: false });
    expect(saved).toEqual({ status: 200, body: { adventures: true, crafts: true, restock: false } });
    expect(await tab.waitFor('invalidate')).toMatchObject({ queryKeys: [['notices', 'settings']] });
    tab.close();
    expect((await p.client.get('/api/notices/settings')).body).toEqual({ adventures: true, crafts: true, restock: false });
    const other = await trader(server.url);
    expect((await other.client.get('/api/notices/settings')).body).toMatchObject({ restock: true });
    expect((await p.client.json('PUT', '/api/notices/settings', { restock: 'no' })).status).toBe(400);
  });
});

describe('issue 44: Web Push when a timer ends and no tab is open', () => {
  it("sends the adventure's end to the device, encrypted (aes128gcm) and signed (VAPID), once", async () => {
    const p = await trader(server.url);
    const { publicKey } = pushKeySchema.parse((await p.client.get('/api/push/key')).body);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await p.client.post('/api/push/subscriptions', device.subscription('/push/a'))).status).toBe(200);
    expect((await adventure(p)).status).toBe(201);
    const push = await device.next('/push/a');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = webPushPayloadSchema.parse(JSON.parse(device.decrypt(push.body)));
    expect(payload.title).toMatch(/^Adventure (Completed|Failed)!$/);
    expect(payload.body.length).toBeGreaterThan(0);
    expect(payload).toMatchObject({ tag: `adventure:${p.characterId}`, url: '/play' });
    // Settled once: a second adventure is a second push, never a repeat of the first.
    expect((await adventure(p)).status).toBe(201);
    await device.next('/push/a');
    expect(device.received.filter((r) => r.path === '/push/a')).toHaveLength(2);
  });

  it('sends nothing while a tab of the player is open, or when the player turned adventures off', async () => {
    const p = await trader(server.url);
    await p.client.post('/api/push/subscriptions', device.subscription('/push/b'));
    // A control player whose push does arrive: by then the settler has passed the other's adventure.
    const control = await trader(server.url);
    await control.client.post('/api/push/subscriptions', device.subscription('/push/control'));
    const tab = await openSocket(server.url, p.client);
    await adventure(p);
    await tab.waitFor('adventure-completed');
    await adventure(control);
    await device.next('/push/control');
    tab.close();
    await p.client.json('PUT', '/api/notices/settings', { adventures: false });
    await adventure(p);
    await adventure(control);
    await device.next('/push/control');
    expect(device.received.filter((r) => r.path === '/push/b')).toHaveLength(0);
  });

  it('forgets a subscription the push service answers 410 for, and refuses a non-URL endpoint', async () => {
    const p = await trader(server.url);
    device.answer('/push/gone', 410);
    await p.client.post('/api/push/subscriptions', device.subscription('/push/gone'));
    await adventure(p);
    await device.next('/push/gone');
    await expect.poll(async () => (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.userId))).length).toBe(0);
    expect((await p.client.post('/api/push/subscriptions', { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } })).status).toBe(400);
  });

  it('keeps a device under the player who subscribed last, and removes it on DELETE', async () => {
    const [a, b] = await Promise.all([trader(server.url), trader(server.url)]);
    const sub = device.subscription('/push/shared');
    await a.client.post('/api/push/subscriptions', sub);
    await b.client.post('/api/push/subscriptions', sub);
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.userId]);
    // Another player's DELETE does not touch it.
    await a.client.json('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(1);
    await b.client.json('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(0);
  });
});

describe('issue 44: the notification inbox', () => {
  it('keeps a gift and a friend request, counts them unread, pushes the change live, and marks them read', async () => {
    const [a, b] = await Promise.all([trader(server.url), trader(server.url)]);
    const asked = await a.client.post<{ relation: { friendshipId: string } }>('/api/friends/requests', { userId: b.userId });
    let inbox = inboxSchema.parse((await b.client.get('/api/inbox')).body);
    expect(inbox.unread).toBe(1);
    expect(inbox.entries[0]).toMatchObject({ kind: 'friend-request', title: 'New Friend Request', read: false });
    expect((await b.client.post(`/api/friends/${asked.body.relation.friendshipId}/accept`, {})).status).toBe(200);

    await setCopper(db(), a.characterId, 1_000);
    const tab = await openSocket(server.url, b.client);
    expect((await a.client.post('/api/gifts', { toUserId: b.userId, requestId: randomUUID(), copper: 150 })).status).toBe(200);
    expect(await tab.waitFor('invalidate', (m) => JSON.stringify(m).includes('"inbox"'))).toBeTruthy();
    tab.close();
    inbox = inboxSchema.parse((await b.client.get('/api/inbox')).body);
    expect(inbox.unread).toBe(2);
    expect(inbox.entries[0]).toMatchObject({ kind: 'gift', title: 'Gift Received', body: expect.stringMatching(/sent you a gift: 1s 50c\.$/) });

    expect((await b.client.post('/api/inbox/read', { ids: [inbox.entries[0]!.id] })).status).toBe(200);
    expect(inboxSchema.parse((await b.client.get('/api/inbox')).body).unread).toBe(1);
    // Another player's read mark changes nothing of b's.
    await a.client.post('/api/inbox/read', { ids: [inbox.entries[1]!.id] });
    expect(inboxSchema.parse((await b.client.get('/api/inbox')).body).unread).toBe(1);
    await b.client.post('/api/inbox/read', { all: true });
    expect(inboxSchema.parse((await b.client.get('/api/inbox')).body)).toMatchObject({ unread: 0 });
    expect((await b.client.post('/api/inbox/read', { ids: ['nope'] })).status).toBe(400);
  });
});
