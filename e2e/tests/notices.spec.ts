/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { startPushDevice } from '../../apps/server/test/support/push-service.ts';
import { BASE_URL, newEmail, signedIn } from '../support/game.ts';
import { expect, test } from '../support/test.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { earnCopper } from './store-helpers.ts';

const headers = { origin: BASE_URL };

/** A player with a character in a context of their own (notifications allowed unless said). */
async function player(
  browser: Browser,
  prefix: string,
  { allow = true } = {},
): Promise<{ context: BrowserContext; page: Page; id: string; username: string; characterId: string }> {
  const context = await browser.newContext(allow ? { permissions: ['notifications'] } : {});
  const page = await context.newPage();
  await signedIn(page, newEmail(prefix));
  const character = await createCharacterViaApi(page, { name: prefix, race: 'human', class: 'warrior', gender: 'male' });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; username: string };
  return { context, page, id: me.id, username: me.username, characterId: character.id };
}

const startAdventure = (request: APIRequestContext, characterId: string) =>
  request.post(`/api/characters/${characterId}/adventures`, { data: { location: 'forest', level: 1 }, headers });

/**
 * Until the service worker runs the page. It claims the pages open when it activates; a page whose
 * navigation began before that and whose document came after is not among them, and is run by it
 * from its next load, as a player's next visit would be: so once it is active, one reload if needed.
 */
async function controlled(page: Page): Promise<void> {
  await registered(page);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const regs = await navigator.serviceWorker.getRegistrations();
          return navigator.serviceWorker.controller !== null
            ? 'controlled'
            : JSON.stringify(regs.map((r) => [r.scope, r.installing?.state, r.waiting?.state, r.active?.state])) + location.href;
        }),
      { timeout: 30_000 },
    )
    .toBe('controlled');
}

/** Until the page's service worker is active (what the push manager and the notifications need). */
async function registered(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
}

const notificationsShown = (page: Page) =>
  page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })));

test.describe('issue 44: a notice when a timer ends, an installable game, the inbox', () => {
  test('a hidden tab counts the adventure that ended in its title and icon, rings, and shows a desktop notice', async ({ browser }) => {
    const hero = await player(browser, 'noticer');
    const { page, context } = hero;
    // Headless Chromium keeps every tab visible (no window to hide it in, bringToFront changes
    // nothing): the test lets the page report hidden, as a tab behind another one does.
    await context.addInitScript(() => {
      const w = globalThis as unknown as { __hide?: (hidden: boolean) => void; __rpgAudioProbe?: (audio: unknown) => void; __audio?: unknown };
      let hidden = false;
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      w.__hide = (value) => {
        hidden = value;
        document.dispatchEvent(new Event('visibilitychange'));
      };
      w.__rpgAudioProbe = (audio) => {
        w.__audio = audio;
      };
    });
    const hide = (hidden: boolean) => page.evaluate((value) => (globalThis as unknown as { __hide: (h: boolean) => void }).__hide(value), hidden);
    const played = () =>
      page.evaluate(
        () => (globalThis as unknown as { __audio: { snapshot(): { played: Array<{ name: string; status: string }> } } }).__audio.snapshot().played,
      );
    await page.goto('/play');
    await controlled(page);
    expect(await page.title()).toBe('RPG Adventure');
    // A click: the page may play sounds from now on.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.keyboard.press('Escape');

    // The player goes to another tab: this one is hidden.
    await hide(true);
    expect((await startAdventure(page.request, hero.characterId)).status()).toBe(201);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('(1) RPG Adventure');
    const icon = await page.locator('link[rel~="icon"]').getAttribute('href');
    expect(decodeURIComponent(icon ?? '')).toContain('>1</text>');
    await expect
      .poll(() => notificationsShown(page))
      .toEqual([{ title: expect.stringMatching(/^Adventure (Completed|Failed)!$/), body: expect.stringContaining('noticer') }]);
    // The hidden tab the player saw last rings (the audio settings' volumes apply).
    expect((await played()).filter((p) => p.name === 'victory' || p.name === 'defeat')).toEqual([
      { name: expect.stringMatching(/victory|defeat/), status: 'played' },
    ]);

    // Back to the game's tab: the count goes.
    await hide(false);
    await expect.poll(() => page.title()).toBe('RPG Adventure');
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,%3Csvg/);

    // Adventures turned off in the settings (saved on the server): the next end is not told.
    expect((await page.request.put('/api/notices/settings', { data: { adventures: false }, headers })).ok()).toBe(true);
    await hide(true);
    const returns = page.locator('li[data-kind="adventure-return"]');
    const before = await returns.count();
    expect((await startAdventure(page.request, hero.characterId)).status()).toBe(201);
    // Settled: its return lines are on the console (the push that would have told it came with them).
    await expect.poll(() => returns.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    expect(await page.title()).toBe('RPG Adventure');
    expect(await notificationsShown(page)).toHaveLength(1);
    await context.close();
  });

  test("the game meets Chromium's installability criteria, and the service worker never caches the API", async ({ playwright }, testInfo) => {
    // Chromium offers to install from a profile only, never in an incognito context (Playwright's contexts are).
    const profile = mkdtempSync(path.join(tmpdir(), 'rpg-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: BASE_URL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signedIn(page, newEmail('installer'));
      await page.goto('/game');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${BASE_URL}/manifest.webmanifest`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // A second load through the worker: the shell and its assets cached, no /api answer.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
      const cached = await page.evaluate(async () => (await (await caches.open('rpg-shell-v1')).keys()).map((r) => new URL(r.url).pathname));
      expect(cached).toContain('/');
      expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((p) => p.startsWith('/api'))).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('Settings: the timers to hear about are saved on the server and follow in another tab live', async ({ browser }) => {
    const hero = await player(browser, 'chooser');
    const { page, context } = hero;
    await page.goto('/settings');
    const other = await context.newPage();
    await other.goto('/settings');
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { name: 'Timer Notices' })).toBeVisible();
      for (const name of ['Adventures', 'Crafting', 'Store restocks']) await expect(tab.getByRole('switch', { name })).toBeChecked();
    }
    await page.getByRole('switch', { name: 'Store restocks' }).click();
    await expect(page.getByRole('switch', { name: 'Store restocks' })).not.toBeChecked();
    await expect(other.getByRole('switch', { name: 'Store restocks' })).not.toBeChecked();
    await expect(other.getByRole('switch', { name: 'Adventures' })).toBeChecked();
    expect(await (await page.request.get('/api/notices/settings')).json()).toEqual({ adventures: true, crafts: true, restock: false });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Store restocks' })).not.toBeChecked();
    await context.close();
  });

  test('permission is asked when the first adventure starts, never on load', async ({ browser }) => {
    const hero = await player(browser, 'asker', { allow: false });
    const { page } = hero;
    await page.goto('/play');
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByText('Know When It Ends')).toHaveCount(0);
    expect((await startAdventure(page.request, hero.characterId)).status()).toBe(201);
    await expect(page.getByText('Know When It Ends')).toBeVisible();
    await expect(
      page.getByText('Allow desktop notices to hear when an adventure or a craft ends while you are in another tab or away from the game.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Allow Notices' })).toBeVisible();
    await hero.context.close();
  });

  test("this device subscribes to Web Push; with no tab open the adventure's end reaches it, and the worker shows it", async ({ browser }) => {
    const device = await startPushDevice();
    try {
      const hero = await player(browser, 'pusher');
      const { page, context } = hero;
      await page.goto('/settings');
      await registered(page);
      // Chromium refuses push subscriptions in Playwright's (incognito) contexts ('Registration
      // failed - permission denied'): the page's push manager hands out the test's own device,
      // whose private key the test holds; the rest (the key, the server, the worker) is the game's.
      const subscription = device.subscription('/push/browser');
      await page.evaluate(async (sub) => {
        const { pushManager } = await navigator.serviceWorker.ready;
        Object.defineProperty(pushManager, 'subscribe', {
          value: async () => ({ endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: async () => true }),
        });
      }, subscription);
      const card = page.getByRole('heading', { name: 'Timer Notices' }).locator('..');
      await card.getByRole('button', { name: 'Turn On Push on This Device' }).click();
      await expect(card.getByText('On: adventures and crafts that end while the game is closed reach this device.')).toBeVisible();

      // The player closes the game; the adventure ends on the server's timer and reaches the device.
      await page.close();
      expect((await startAdventure(context.request, hero.characterId)).status()).toBe(201);
      const push = await device.next('/push/browser', 20_000);
      const payload = JSON.parse(device.decrypt(push.body)) as { title: string; body: string; tag: string; url: string };
      expect(payload).toMatchObject({ title: expect.stringMatching(/^Adventure (Completed|Failed)!$/), body: expect.stringContaining('pusher'), url: '/play' });

      // What the push service would hand this browser: the worker shows it as a notification.
      const back = await context.newPage();
      const cdp = await context.newCDPSession(back);
      const registration = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((r) => r.scopeURL === `${BASE_URL}/`);
          if (found) resolve(found.registrationId);
        }),
      );
      await back.goto('/settings');
      await registered(back);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId: await registration, data: JSON.stringify(payload) });
      await expect.poll(() => notificationsShown(back)).toContainEqual({ title: payload.title, body: payload.body });
      await context.close();
    } finally {
      await device.close();
    }
  });

  test('the bell: a friend request and a gift from another player reach the inbox live, counted until read', async ({ browser }) => {
    const [giver, taker] = [await player(browser, 'bellgiver'), await player(browser, 'belltaker')];
    await taker.page.goto('/game');
    const bell = taker.page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await bell.click();
    await expect(taker.page.getByText('Nothing yet: gifts, sales, friend requests and rewards will show here.')).toBeVisible();
    await taker.page.keyboard.press('Escape');

    const asked = await giver.page.request.post('/api/friends/requests', { data: { userId: taker.id }, headers });
    expect(asked.ok()).toBe(true);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    const { relation } = (await asked.json()) as { relation: { friendshipId: string } };
    expect((await taker.page.request.post(`/api/friends/${relation.friendshipId}/accept`, { headers })).ok()).toBe(true);

    await earnCopper(giver.page, giver.characterId, 1);
    const gift = await giver.page.request.post('/api/gifts', { data: { toUserId: taker.id, requestId: crypto.randomUUID(), copper: 1 }, headers });
    expect(gift.ok()).toBe(true);
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await bell.click();
    const panel = taker.page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('button', { name: `Gift Received: ${giver.username} sent you a gift: 1c. (unread)` })).toBeVisible();
    await expect(panel.getByRole('button', { name: `New Friend Request: ${giver.username} wants to be your friend. (unread)` })).toBeVisible();
    // One read by clicking it, the rest with Mark all read; the badge follows.
    await panel.getByRole('button', { name: /^Gift Received:/ }).click();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(panel.getByRole('button', { name: `Gift Received: ${giver.username} sent you a gift: 1c.` })).toBeVisible();
    await giver.context.close();
    await taker.context.close();
  });
});
