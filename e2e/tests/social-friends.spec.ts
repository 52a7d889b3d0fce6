import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { newEmail, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

/** A signed-in player with a character, in a browser context of their own. */
async function player(browser: Browser, prefix: string): Promise<{ page: Page; id: string; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, newEmail(prefix));
  await createCharacterViaApi(page, { name: prefix, race: 'human', class: 'warrior', gender: 'male' });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username };
}

const profileTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Profile' }).getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe('friends and direct messages (spec 03 §2, §4, §8; DECISIONS §2, §4)', () => {
  test('a request sent, the live toast, accepted; a message appears live, unread then read; HTML renders as text', async ({ browser }) => {
    const ann = await player(browser, 'annfriend');
    const bo = await player(browser, 'bofriend');

    // Ann's username with markup in it (Settings > Profile); saving it again changes nothing.
    const hostileName = `<b>Ann</b><script>1</script>${Date.now().toString(36).slice(-6)}`;
    await ann.page.goto('/user-profile?tab=settings');
    await expect(ann.page.getByLabel('Email')).toHaveValue(/@example\.com$/);
    await ann.page.getByLabel('Username').fill(hostileName);
    await ann.page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(ann.page.getByText('Profile updated successfully')).toBeVisible();
    await expect(ann.page.getByRole('heading', { name: hostileName })).toBeVisible();
    await ann.page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(ann.page.getByText('No changes to update.')).toBeVisible();

    // Bo waits on his own profile; Ann finds him by name and sends a request.
    await bo.page.goto('/user-profile?tab=friends');
    await expect(bo.page.getByText('No incoming friend requests.')).toHaveCount(0);
    await ann.page.goto('/user-profile?tab=friends');
    await expect(ann.page.getByText('No friends yet')).toBeVisible();
    await ann.page.getByLabel('Search players').fill(bo.username);
    await ann.page.getByRole('button', { name: 'Search', exact: true }).click();
    await ann.page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: `Add Friend ${bo.username}` })
      .click();
    await expect(ann.page.getByText('Friend request sent!')).toBeVisible();
    await expect(ann.page.getByRole('list', { name: 'Search results' }).getByText('Request sent')).toBeVisible();

    // Live in Bo's tab: the toast, the Incoming count, Accept and Reject; the name as text.
    await expect(bo.page.getByText('New Friend Request')).toBeVisible();
    const incoming = bo.page.getByRole('tablist', { name: 'Friends' }).getByRole('tab', { name: /^Incoming/ });
    await expect(incoming).toContainText('1');
    await incoming.click();
    const request = bo.page.getByRole('list', { name: 'Incoming' }).getByRole('listitem');
    await expect(request.getByText(hostileName, { exact: true })).toBeVisible();
    await expect(request.getByRole('button', { name: `Reject ${hostileName}` })).toBeVisible();
    await request.getByRole('button', { name: `Accept ${hostileName}` }).click();
    await expect(bo.page.getByText('Friend request accepted')).toBeVisible();

    // Ann's list follows without a reload.
    const annFriends = ann.page.getByRole('tablist', { name: 'Friends' }).getByRole('tab', { name: /^Friends/ });
    await annFriends.click();
    await expect(ann.page.getByRole('list', { name: 'Friends' }).getByText(bo.username, { exact: true })).toBeVisible();

    // A message from Ann: Bo's unread badge rises live, then falls when he reads it.
    await bo.page.goto('/user-profile');
    await expect(profileTab(bo.page, 'Messages')).toHaveText('Messages');
    await ann.page.getByRole('button', { name: `Message ${bo.username}` }).click();
    const hostileMessage = '<img src=x onerror="window.__pwned=2"><i>Hello</i> & welcome';
    // The message box, not the friend list's 'Message' button of the same name (still there for a moment).
    const input = ann.page.getByRole('textbox', { name: `Message ${bo.username}` });
    await input.fill(hostileMessage);
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(ann.page.getByTestId('direct-message').getByText(hostileMessage, { exact: true })).toBeVisible();

    await expect(profileTab(bo.page, 'Messages')).toHaveText('Messages1');
    await profileTab(bo.page, 'Messages').click();
    await bo.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: `${hostileName}, 1 unread` })
      .click();
    await expect(bo.page.getByTestId('direct-message').getByText(hostileMessage, { exact: true })).toBeVisible();
    await expect(profileTab(bo.page, 'Messages')).toHaveText('Messages');
    await expect(ann.page.getByText('· Seen')).toBeVisible();

    // Nothing the players typed ran or became markup.
    for (const page of [ann.page, bo.page]) {
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await expect(page.locator('main b, main i, main img[src="x"]')).toHaveCount(0);
    }
  });
});
