import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { BASE_URL, latestMail, newEmail, PASSWORD, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

const headers = { origin: BASE_URL };

/** A verified, signed-in account in a request context of its own (no browser); its user id. */
async function apiPlayer(request: APIRequestContext, prefix: string): Promise<string> {
  const email = newEmail(prefix);
  expect((await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: email.split('@')[0] }, headers })).ok()).toBe(true);
  const mail = await latestMail(request, email);
  expect((await request.post('/api/auth/email-otp/verify-email', { data: { email, otp: mail.code }, headers })).ok()).toBe(true);
  expect((await request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers })).ok()).toBe(true);
  return ((await (await request.get('/api/me')).json()) as { id: string }).id;
}

test.describe('the battle pass (spec 03 §2, §4; issue 27 point 5)', () => {
  test('a level reached before there was a character reads READY TO CLAIM; Claim grants it with Level Up Reward!', async ({ page, playwright }) => {
    test.setTimeout(150_000);
    await signedIn(page);
    const me = ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
    // Ten friends and no character: A Friend in Need (20) and Popular (50) reach level 1 (50 points),
    // whose reward is an item, with no character to receive it.
    for (let i = 0; i < 10; i++) {
      const friend = await playwright.request.newContext({ baseURL: BASE_URL });
      await apiPlayer(friend, `pal${i}`);
      expect((await friend.post('/api/friends/requests', { data: { userId: me }, headers })).ok()).toBe(true);
      await friend.dispose();
    }
    const list = (await (await page.request.get('/api/friends')).json()) as { entries: Array<{ friendshipId: string; direction: string }> };
    for (const entry of list.entries.filter((e) => e.direction === 'incoming')) {
      expect((await page.request.post(`/api/friends/${entry.friendshipId}/accept`, { data: {}, headers })).ok()).toBe(true);
    }
    await createCharacterViaApi(page, { name: 'Latecomer', race: 'human', class: 'warrior', gender: 'male' });

    await page.goto('/achievements');
    await page.getByRole('tab', { name: 'Battle Pass' }).click();
    const level1 = page.getByRole('listitem', { name: "Level 1: Traveler's Supply Pack" });
    await expect(level1).toContainText('READY TO CLAIM');
    await level1.getByRole('button', { name: "Claim Traveler's Supply Pack" }).click();
    await expect(page.getByText('Level Up Reward!')).toBeVisible();
    await expect(page.getByText("You unlocked: Traveler's Supply Pack")).toBeVisible();
    await expect(level1).toContainText('Reward Claimed!');
    await expect(level1).toContainText('CLAIMED');
    await expect(level1.getByRole('button')).toHaveCount(0);
  });
});
