import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { newEmail, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

/** A signed-in player in a browser context of their own, with a character; answers the page and the public name. */
async function player(browser: Browser, name: string): Promise<{ page: Page; id: string; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, newEmail(name.toLowerCase()));
  await createCharacterViaApi(page, { name, race: 'elf', class: 'mage', gender: 'female' });
  const me = (await (await page.request.get('/api/me')).json()) as { id: string; username: string };
  return { page, id: me.id, username: me.username };
}

const chatLog = (page: Page) => page.getByRole('log', { name: 'Global chat messages' });
const chatInput = (page: Page) => page.getByLabel('Message the global chat');

test.describe('global player chat (spec 03 §2, §4, §5 chat; DECISIONS §4)', () => {
  test('a line typed by one player appears live for another, as text; Shift+Enter, blank, emoji, mute', async ({ browser }) => {
    const ann = await player(browser, 'Annika');
    const bo = await player(browser, 'Borin');
    await ann.page.goto('/profile');
    await bo.page.goto('/play');
    for (const p of [ann.page, bo.page]) {
      await expect(p.getByRole('heading', { name: 'Global Chat' })).toBeVisible();
      // The Game Master's welcome, once (level 999).
      await expect(chatLog(p).getByText('Game Master', { exact: true })).toHaveCount(1);
      await expect(chatLog(p).getByText('Lv 999')).toBeVisible();
    }

    // Blank is not sent: Send stays disabled and Enter does nothing.
    await chatInput(ann.page).fill('   ');
    await expect(ann.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await chatInput(ann.page).press('Enter');

    // HTML and script render as text, live in the other player's tab (no reload). The chat is
    // global and kept: each run's lines carry a tag of their own (a retry meets the first try's).
    const tag = Date.now().toString(36).slice(-6);
    const hostile = `<script>window.__pwned = 1</script><b>Hail</b> wayfarers ${tag}`;
    await chatInput(ann.page).fill(hostile);
    await chatInput(ann.page).press('Enter');
    await expect(chatInput(ann.page)).toHaveValue('');
    const line = chatLog(bo.page)
      .getByTestId('chat-line')
      .filter({ hasText: `wayfarers ${tag}` });
    await expect(line.getByText(hostile, { exact: true })).toBeVisible();
    await expect(line).toContainText('Annika');
    await expect(line).toContainText('Lv 1');
    await expect(line).toContainText(`@${ann.username}`);
    await expect(chatLog(bo.page).locator('b')).toHaveCount(0);
    expect(await bo.page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // Shift+Enter starts a new line; Enter sends both lines as one message. The emoji picker inserts.
    await chatInput(bo.page).fill('First line');
    await chatInput(bo.page).press('Shift+Enter');
    await chatInput(bo.page).pressSequentially(`second line ${tag} `);
    await expect(chatInput(bo.page)).toHaveValue(`First line\nsecond line ${tag} `);
    await bo.page.getByRole('button', { name: 'Insert emoji' }).click();
    await bo.page.getByRole('tab', { name: 'RPG' }).click();
    await expect(bo.page.getByRole('tabpanel', { name: 'RPG' }).getByRole('button')).toHaveCount(16);
    await bo.page.getByRole('button', { name: 'Insert ⚔️' }).click();
    await bo.page.keyboard.press('Escape');
    await expect(chatInput(bo.page)).toHaveValue(`First line\nsecond line ${tag} ⚔️`);
    await chatInput(bo.page).press('Enter');
    await expect(chatLog(ann.page).getByText(`second line ${tag} ⚔️`)).toBeVisible();

    // Report, then mute: the muted player's lines leave my chat only.
    await chatLog(bo.page)
      .getByRole('button', { name: `Report message from ${ann.username}` })
      .click();
    await expect(bo.page.getByText('Message Reported')).toBeVisible();
    await chatLog(bo.page)
      .getByRole('button', { name: `Mute ${ann.username}` })
      .click();
    await expect(bo.page.getByText('Player Muted')).toBeVisible();
    await expect(chatLog(bo.page).getByText(`wayfarers ${tag}`)).toHaveCount(0);
    await chatInput(ann.page).fill(`Can you hear me? ${tag}`);
    await chatInput(ann.page).press('Enter');
    await expect(chatLog(ann.page).getByText(`Can you hear me? ${tag}`)).toBeVisible();
    await bo.page.waitForTimeout(1000);
    await expect(chatLog(bo.page).getByText(`Can you hear me? ${tag}`)).toHaveCount(0);
  });

  test('a tab whose screen leaves the chat stops receiving its lines, and catches up when the chat shows again', async ({ browser }) => {
    const ann = await player(browser, 'Aveline');
    const bo = await player(browser, 'Bram');
    // What Bram's tab tells the server it shows (`watch`, docs/decisions/realtime.md, "What a tab holds"), and what reaches it.
    const watched: string[][][] = [];
    const received: string[] = [];
    bo.page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; keys?: string[][] };
        if (message.type === 'watch' && message.keys) watched.push(message.keys);
      });
      socket.on('framereceived', ({ payload }) => void received.push(String(payload)));
    });
    const showsChat = () => watched.at(-1)?.some((key) => key[0] === 'chat') ?? false;
    await ann.page.goto('/profile');
    await bo.page.goto('/profile');
    await expect(chatLog(bo.page).getByText('Game Master', { exact: true })).toHaveCount(1);
    await expect.poll(showsChat).toBe(true);

    // To the store, within the app: the chat is still in the tab's cache, but no screen shows it.
    await bo.page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Store' }).click();
    await expect(bo.page).toHaveURL(/\/store$/);
    await expect.poll(showsChat).toBe(false);
    const tag = Date.now().toString(36).slice(-6);
    await chatInput(ann.page).fill(`While you shop ${tag}`);
    await chatInput(ann.page).press('Enter');
    await expect(chatLog(ann.page).getByText(`While you shop ${tag}`)).toBeVisible();
    await bo.page.waitForTimeout(1000);
    expect(received.filter((text) => text.includes(tag))).toEqual([]);

    // Back to the character sheet within a few seconds: the chat refetches and shows the line.
    await bo.page.goBack();
    await expect(chatLog(bo.page).getByText(`While you shop ${tag}`)).toBeVisible();
    await expect.poll(showsChat).toBe(true);
  });
});

test.describe('posts on the profile feed (spec 03 §2, §5, §8; DECISIONS §2)', () => {
  test("a post is liked and commented by another player on its author's profile, live; text stays text; edit and delete", async ({ browser }) => {
    const author = await player(browser, 'Sigrid');
    const reader = await player(browser, 'Tomas');

    await author.page.goto('/user-profile');
    await expect(author.page.getByText('No Posts Yet')).toBeVisible();
    await author.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(author.page.getByText('Post must have content or image.')).toBeVisible();
    const hostile = '<img src=x onerror="window.__pwned=1"> Slew a <b>dragon</b> today';
    await author.page.getByLabel("What's on your mind?").fill(hostile);
    await author.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(author.page.getByText('Post created!')).toBeVisible();
    const mine = author.page.getByTestId('post');
    await expect(mine.getByText(hostile, { exact: true })).toBeVisible();

    // The other player, on the author's profile: no composer, no menu; like and comment.
    await reader.page.goto(`/user-profile/${author.id}`);
    const post = reader.page.getByTestId('post');
    await expect(post.getByText(hostile, { exact: true })).toBeVisible();
    await expect(post.locator('b, img[src="x"]')).toHaveCount(0);
    await expect(reader.page.getByLabel("What's on your mind?")).toHaveCount(0);
    await expect(post.getByRole('button', { name: 'Post options' })).toHaveCount(0);
    await post.getByRole('button', { name: /^Like/ }).click();
    await expect(post.getByRole('button', { name: 'Unlike (1 like)' })).toHaveAttribute('aria-pressed', 'true');
    await post.getByRole('button', { name: /^Comments/ }).click();
    await expect(post.getByText('No comments yet. Be the first to comment!')).toBeVisible();
    await post.getByLabel('Write a comment').fill('<script>alert(1)</script> Well fought!');
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(reader.page.getByText('Comment added')).toBeVisible();
    await expect(post.getByTestId('comment').getByText('<script>alert(1)</script> Well fought!', { exact: true })).toBeVisible();

    // The author sees the like and the comment count without reloading.
    await expect(mine.getByTestId('like-count')).toHaveText('1');
    await expect(mine.getByRole('button', { name: 'Comments (1)' })).toBeVisible();
    expect(await reader.page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    // The author edits ('Post updated!') and deletes after the spec's question.
    await mine.getByRole('button', { name: 'Post options' }).click();
    await author.page.getByRole('menuitem', { name: 'Edit' }).click();
    await author.page.getByLabel('Edit post').fill('Slew a dragon today (it was a small one)');
    await author.page.getByRole('button', { name: 'Save' }).click();
    await expect(author.page.getByText('Post updated!')).toBeVisible();
    await expect(post.getByText('Slew a dragon today (it was a small one)')).toBeVisible();
    await mine.getByRole('button', { name: 'Post options' }).click();
    await author.page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(author.page.getByText('Are you sure you want to delete this post?')).toBeVisible();
    await author.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(author.page.getByText('Post deleted')).toBeVisible();
    await expect(author.page.getByText('No Posts Yet')).toBeVisible();
    await expect(reader.page.getByText('No Posts Yet')).toBeVisible();
  });
});
