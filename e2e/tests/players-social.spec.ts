import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { BASE_URL, newEmail, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

/** A signed-in player in a browser context of their own. */
async function player(browser: Browser, prefix: string): Promise<{ page: Page; id: string; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, newEmail(prefix));
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username };
}

const headers = { origin: BASE_URL };
type Player = Awaited<ReturnType<typeof player>>;

/** `from` asks `to`; the friendship row's id. */
async function askFriend(from: Player, to: Player): Promise<string> {
  const res = await from.page.request.post('/api/friends/requests', { data: { userId: to.id }, headers });
  expect(res.ok()).toBe(true);
  const list = (await (await to.page.request.get('/api/friends')).json()) as { entries: Array<{ friendshipId: string; user: { id: string } }> };
  return list.entries.find((e) => e.user.id === from.id)!.friendshipId;
}

async function befriend(a: Player, b: Player): Promise<string> {
  const id = await askFriend(a, b);
  expect((await b.page.request.post(`/api/friends/${id}/accept`, { data: {}, headers })).ok()).toBe(true);
  return id;
}

const profileTab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Profile' }).getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe("the players' view of social screens (issue 27)", () => {
  test('unread messages from a removed friend and from one who blocked you can be opened, read and cleared', async ({ browser }) => {
    const [ann, bo, cy] = [await player(browser, 'annold'), await player(browser, 'boold'), await player(browser, 'cyold')];
    const boFriendship = await befriend(ann, bo);
    await befriend(ann, cy);
    expect((await bo.page.request.post(`/api/messages/${ann.id}`, { data: { body: 'Before we parted ways' }, headers })).ok()).toBe(true);
    expect((await cy.page.request.post(`/api/messages/${ann.id}`, { data: { body: 'One last word' }, headers })).ok()).toBe(true);
    // Bo removes the friendship; Cy blocks Ann.
    expect((await bo.page.request.delete(`/api/friends/${boFriendship}`, { data: {}, headers })).ok()).toBe(true);
    expect((await cy.page.request.post('/api/blocks', { data: { userId: ann.id }, headers })).ok()).toBe(true);

    await ann.page.goto('/user-profile');
    await expect(profileTab(ann.page, 'Messages')).toHaveText('Messages2');
    await profileTab(ann.page, 'Messages').click();
    const conversations = ann.page.getByRole('list', { name: 'Conversations' });
    await conversations.getByRole('button', { name: `${bo.username}, no longer a friend, 1 unread` }).click();
    await expect(ann.page.getByTestId('direct-message').getByText('Before we parted ways', { exact: true })).toBeVisible();
    await expect(ann.page.getByText('You are no longer friends. This conversation is kept for reading only.')).toBeVisible();
    await expect(ann.page.getByRole('textbox', { name: `Message ${bo.username}` })).toHaveCount(0);
    await expect(profileTab(ann.page, 'Messages')).toHaveText('Messages1');

    await conversations.getByRole('button', { name: `${cy.username}, no longer a friend, 1 unread` }).click();
    await expect(ann.page.getByTestId('direct-message').getByText('One last word', { exact: true })).toBeVisible();
    await expect(profileTab(ann.page, 'Messages')).toHaveText('Messages');
  });

  test('failed loads of suggestions, blocked players and conversations say so and retry; the empty lists still read as empty', async ({ browser }) => {
    const ann = await player(browser, 'annfail');
    const failing = new Set(['/api/friends/suggestions', '/api/blocks', '/api/messages']);
    await ann.page.route(
      (url) => failing.has(url.pathname),
      (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'The server is busy.' }) }),
    );
    await ann.page.goto('/user-profile?tab=friends');
    const suggestions = ann.page.getByRole('alert').filter({ hasText: 'Failed to load friend suggestions' });
    const blocked = ann.page.getByRole('alert').filter({ hasText: 'Failed to load blocked players' });
    await expect(suggestions).toBeVisible();
    await expect(blocked).toBeVisible();
    await expect(ann.page.getByText('No suggestions available…')).toHaveCount(0);

    // The server answers again: Try Again shows the real lists (suggestions hold any recently seen player).
    failing.clear();
    await suggestions.getByRole('button', { name: 'Try Again' }).click();
    await expect(suggestions).toHaveCount(0);
    await expect(ann.page.getByRole('region', { name: 'Friend Suggestions' }).locator('ul, p').first()).toBeVisible();
    await blocked.getByRole('button', { name: 'Try Again' }).click();
    await expect(blocked).toHaveCount(0);

    failing.add('/api/messages');
    await profileTab(ann.page, 'Messages').click();
    const conversations = ann.page.getByRole('alert').filter({ hasText: 'Failed to load friends for messaging' });
    await expect(conversations).toBeVisible();
    await expect(ann.page.getByText('No friends yet. Add friends to start a conversation.')).toHaveCount(0);
    failing.clear();
    await conversations.getByRole('button', { name: 'Try Again' }).click();
    await expect(ann.page.getByText('No friends yet. Add friends to start a conversation.')).toBeVisible();
  });

  test("the profile's Password tab says the spec's mismatch text (spec 03 §5)", async ({ browser }) => {
    const ann = await player(browser, 'annpw');
    await ann.page.goto('/user-profile?tab=settings');
    await ann.page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name: 'Password' }).click();
    await ann.page.getByLabel('Current Password').fill('dragon-fire');
    await ann.page.getByLabel('New Password').fill('new-secret-1');
    await ann.page.getByLabel('Confirm Password').fill('new-secret-2');
    await ann.page.getByRole('button', { name: 'Update Password' }).click();
    await expect(ann.page.getByText("Passwords don't match", { exact: true })).toBeVisible();
    await expect(ann.page.getByText('New password and confirmation must match', { exact: true })).toBeVisible();
  });

  test("on the profile of a player who asked you, the button reads 'Accept Request' and accepts", async ({ browser }) => {
    const [ann, bo] = [await player(browser, 'annask'), await player(browser, 'boask')];
    await askFriend(bo, ann);
    await ann.page.goto(`/user-profile/${bo.id}`);
    await expect(ann.page.getByRole('button', { name: `Add Friend ${bo.username}` })).toHaveCount(0);
    await ann.page.getByRole('button', { name: `Accept Request ${bo.username}` }).click();
    await expect(ann.page.getByText('Friend request accepted')).toBeVisible();
    await expect(ann.page.getByText('Friends', { exact: true }).first()).toBeVisible();
  });

  test('a thread of more than one page of comments loads its older comments on demand, like the feed', async ({ browser }) => {
    test.setTimeout(150_000);
    const [ann, bo] = [await player(browser, 'annthread'), await player(browser, 'bothread')];
    const post = (await (await ann.page.request.post('/api/posts', { data: { text: 'A long thread' }, headers })).json()) as { post: { id: string } };
    for (let i = 1; i <= 55; i++) {
      const res = await bo.page.request.post(`/api/posts/${post.post.id}/comments`, { data: { text: `Reply number ${i}` }, headers });
      expect(res.ok()).toBe(true);
    }
    await ann.page.goto('/user-profile');
    const card = ann.page.getByRole('article', { name: `Post by ${ann.username}` });
    await card.getByRole('button', { name: 'Comments (55)' }).click();
    const comments = card.getByTestId('comment');
    await expect(comments).toHaveCount(50);
    await expect(comments.first()).toContainText('Reply number 6');
    await expect(comments.last()).toContainText('Reply number 55');
    await card.getByRole('button', { name: 'Load older comments' }).click();
    await expect(comments).toHaveCount(55);
    await expect(comments.first()).toContainText('Reply number 1');
    await expect(card.getByRole('button', { name: 'Load older comments' })).toHaveCount(0);
  });

  test("a chat line draws the character's portrait as the sheet does (not an initial)", async ({ browser }) => {
    const [ann, bo] = [await player(browser, 'annchat'), await player(browser, 'bochat')];
    for (const p of [ann, bo]) await createCharacterViaApi(p.page, { name: p === ann ? 'Sigrun' : 'Orrin', race: 'dwarf', class: 'warrior', gender: 'female' });
    await bo.page.goto('/play');
    await ann.page.goto('/play');
    const text = `Well met ${Date.now().toString(36)}`;
    await ann.page.getByLabel('Message the global chat').fill(text);
    await ann.page.getByLabel('Message the global chat').press('Enter');
    const line = bo.page.getByRole('log', { name: 'Global chat messages' }).getByTestId('chat-line').filter({ hasText: text });
    await expect(line.getByTestId('chat-portrait').locator('svg')).toBeVisible();
    await expect(line).toContainText('Sigrun');
  });
});
