import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { BASE_URL, newEmail, PASSWORD, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

/** A signed-in player in a browser context of their own, with a character. */
async function player(browser: Browser, name: string): Promise<{ page: Page; email: string; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedIn(page, newEmail(name.toLowerCase()));
  await createCharacterViaApi(page, { name, race: 'elf', class: 'mage', gender: 'female' });
  const me = (await (await page.request.get('/api/me')).json()) as { username: string };
  return { page, email, username: me.username };
}

/** The moderator is made as `npm run admin -- grant` makes one (the same function, through the development route). */
async function makeModerator(p: { page: Page; email: string }): Promise<void> {
  const grant = await p.page.request.post('/api/dev/roles', { data: { email: p.email, role: 'moderator' }, headers: { origin: BASE_URL } });
  expect(grant.ok()).toBe(true);
}

const chatLog = (page: Page) => page.getByRole('log', { name: 'Global chat messages' });
const chatInput = (page: Page) => page.getByLabel('Message the global chat');
async function say(page: Page, text: string): Promise<void> {
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
}

test.describe('moderation (issue 28)', () => {
  test('the screen is the 404 page for a visitor who is not signed in (no sign-in prompt)', async ({ page }) => {
    await page.goto('/moderation');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page).toHaveURL(/\/moderation$/);
    expect((await page.request.get('/api/moderation/reports')).status()).toBe(404);
  });

  test('a report reaches the queue; the moderator mutes, then suspends; the player is told and signed out live', async ({ browser }) => {
    test.setTimeout(360_000);
    const ann = await player(browser, 'Annika');
    const bo = await player(browser, 'Borin');
    const mo = await player(browser, 'Morwen');
    await makeModerator(mo);

    // The screen does not exist for a player.
    await bo.page.goto('/moderation');
    await expect(bo.page.getByText('Oops! Page not found')).toBeVisible();

    const tag = Date.now().toString(36).slice(-6);
    await ann.page.goto('/play');
    await bo.page.goto('/play');
    await say(ann.page, `Buy gold at my shop ${tag}`);
    const line = chatLog(bo.page)
      .getByTestId('chat-line')
      .filter({ hasText: `my shop ${tag}` });
    await expect(line).toBeVisible();
    await line.getByRole('button', { name: `Report message from ${ann.username}` }).click();
    await expect(bo.page.getByText('Message Reported')).toBeVisible();

    // The moderator finds it in the queue, with the line as said, and mutes its author for an hour.
    await mo.page.goto('/moderation');
    await expect(mo.page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    const item = mo.page.getByRole('article', { name: `Chat line by ${ann.username}` }).filter({ hasText: `my shop ${tag}` });
    await expect(item.getByTestId('reported-text')).toHaveText(`Buy gold at my shop ${tag}`);
    await expect(item.getByText('1 report', { exact: true })).toBeVisible();
    await item.getByLabel('Mute in chat').check();
    await item.getByLabel('Mute for').selectOption({ label: '1 hour' });
    await item.getByLabel('Reason (the player reads it)').fill('Spamming the chat');
    await item.getByRole('button', { name: 'Apply' }).click();
    await expect(mo.page.getByText('Player muted')).toBeVisible();
    await expect(item).toHaveCount(0);

    // The muted player is told, and their next line is refused naming the mute's end.
    await expect(
      ann.page.getByText(/^You are muted in the global chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Spamming the chat$/).first(),
    ).toBeVisible();
    await say(ann.page, `Still selling ${tag}`);
    await expect(ann.page.getByText(/You are muted in the global chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Spamming the chat/).last()).toBeVisible();
    await expect(chatLog(bo.page).getByText(`Still selling ${tag}`)).toHaveCount(0);

    // Reported again: the moderator suspends for 7 days; the player's open tab is signed out at once.
    await line.getByRole('button', { name: `Report message from ${ann.username}` }).click();
    await expect(bo.page.getByText('Message Reported').last()).toBeVisible();
    await mo.page.reload();
    const again = mo.page.getByRole('article', { name: `Chat line by ${ann.username}` }).filter({ hasText: `my shop ${tag}` });
    await again.getByLabel('Suspend account').check();
    await again.getByLabel('Suspend for').selectOption({ label: '7 days' });
    await again.getByLabel('Reason (the player reads it)').fill('Spamming after a mute');
    await again.getByRole('button', { name: 'Apply' }).click();
    await expect(mo.page.getByText('Account suspended')).toBeVisible();

    const suspended = /Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Spamming after a mute/;
    await expect(ann.page.getByText(suspended).first()).toBeVisible();
    await expect(ann.page).toHaveURL(/\/auth/, { timeout: 20_000 });

    // Signing in again is refused with the reason and the end date.
    await expect(ann.page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await ann.page.getByLabel('Email').fill(ann.email);
    await ann.page.getByLabel('Password').fill(PASSWORD);
    await ann.page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(ann.page.getByRole('alert').filter({ hasText: suspended }).or(ann.page.getByText(suspended).last()).first()).toBeVisible();
    await expect(ann.page.getByText('Welcome back!')).toHaveCount(0);
  });
});

test.describe('moderation: the queue pages, a flood dismissed at once (issue 46)', () => {
  test('the moderator pages through the queue and dismisses every report of a flooding reporter in one action', async ({ browser }) => {
    test.setTimeout(240_000);
    const author = await player(browser, 'Aldric');
    const flooder = await player(browser, 'Fenna');
    const mo = await player(browser, 'Maelis');
    await makeModerator(mo);
    const tag = Date.now().toString(36).slice(-6);
    // 22 posts, each reported by the flooder: more than a page of the queue (20).
    for (let i = 0; i < 22; i++) {
      const post = await author.page.request.post('/api/posts', { data: { text: `Harmless post ${i} ${tag}` }, headers: { origin: BASE_URL } });
      expect(post.ok()).toBe(true);
      const { post: made } = (await post.json()) as { post: { id: string } };
      const filed = await flooder.page.request.post('/api/reports', {
        data: { kind: 'post', itemId: made.id, reason: 'I just do not like him' },
        headers: { origin: BASE_URL },
      });
      expect(filed.ok()).toBe(true);
    }

    await mo.page.goto('/moderation');
    const pages = mo.page.getByRole('navigation', { name: 'Report pages' });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    // The newest reports are on the last page.
    const last = Number((await pages.getByText(/^Page 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1]);
    expect(last).toBeGreaterThan(1);
    for (let page = 2; page <= last; page++) {
      await pages.getByRole('button', { name: 'Newer' }).click();
      await expect(pages.getByText(`Page ${page} of ${last}`)).toBeVisible();
    }
    await expect(pages.getByRole('button', { name: 'Newer' })).toBeDisabled();
    const item = mo.page.getByRole('article', { name: `Post by ${author.username}` }).filter({ hasText: `Harmless post 21 ${tag}` });
    await expect(item).toBeVisible();
    await expect(item.getByText(flooder.username)).toBeVisible();

    await item.getByLabel('Dismiss all from a reporter').check();
    await item.getByLabel('Every open report from').selectOption({ label: flooder.username });
    await item.getByLabel('Reason (the player reads it)').fill('A flood of reports');
    await item.getByRole('button', { name: 'Apply' }).click();
    await expect(mo.page.getByText(`Dismissed 22 reports from ${flooder.username}`)).toBeVisible();
    // Gone from every page.
    await expect(mo.page.getByRole('article', { name: `Post by ${author.username}` })).toHaveCount(0);
    await mo.page.reload();
    await expect(mo.page.getByRole('heading', { name: 'Moderation' })).toBeVisible();
    await expect(mo.page.getByText(`Harmless post 0 ${tag}`)).toHaveCount(0);
  });
});
