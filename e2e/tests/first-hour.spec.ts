import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { BASE_URL, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { say } from './console-helpers.ts';

const firstSteps = (page: Page) => page.getByRole('region', { name: 'First steps' });
const step = (page: Page, title: string) => firstSteps(page).getByRole('listitem').filter({ hasText: title });

test.describe('the first hour and coming back (issue 44 points 1 and 5)', () => {
  test('first steps: checked off live by what the player does, skipped and reopened', async ({ page }) => {
    await signedIn(page);
    await page.goto('/game');
    await expect(firstSteps(page)).toBeVisible();
    await expect(firstSteps(page)).toContainText('0 of 5 done');
    for (const title of ['Create a character', 'Start an adventure', 'Equip an item', 'Buy in the store', 'Say hello in the chat']) {
      await expect(step(page, title)).toHaveAttribute('data-done', 'false');
    }

    // A character made elsewhere (the API, as another tab would) checks the step off here, live.
    await createCharacterViaApi(page, { name: 'Newby', race: 'human', class: 'warrior', gender: 'male' });
    await expect(step(page, 'Create a character')).toHaveAttribute('data-done', 'true');
    await expect(page.getByText('First step done: Create a character')).toBeVisible();

    await page.goto('/play');
    await say(page, '/forest');
    await expect(step(page, 'Start an adventure')).toHaveAttribute('data-done', 'true');
    await expect(firstSteps(page)).toContainText('2 of 5 done');

    await firstSteps(page).getByRole('button', { name: 'Skip' }).click();
    await expect(firstSteps(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Show first steps' })).toBeVisible();
    await expect(firstSteps(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show first steps' }).click();
    await expect(step(page, 'Create a character')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'Say hello in the chat')).toHaveAttribute('data-done', 'false');
  });

  test("while you were away: a returning player's card with what settled, dismissed for good", async ({ page }) => {
    test.setTimeout(120_000);
    await signedIn(page);
    const { id } = await createCharacterViaApi(page, { name: 'Sleeper', race: 'dwarf', class: 'warrior', gender: 'female' });
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Sleeper' })).toBeVisible();
    const card = page.getByRole('region', { name: 'While you were away' });
    // Here now: no card.
    await expect(page.getByRole('region', { name: 'First steps' })).toBeVisible();
    await expect(card).toHaveCount(0);

    // The player leaves; an adventure set out from elsewhere settles meanwhile.
    await page.goto('about:blank');
    const res = await page.request.post(`/api/characters/${id}/console`, { data: { text: '/forest' }, headers: { origin: BASE_URL } });
    expect(res.ok()).toBe(true);
    // At the e2e time scale (20) the card is due after 30 s away (10 minutes / 20).
    await page.waitForTimeout(32_000);

    await page.goto('/play');
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(/Adventures\s*(1 won, 0 lost|0 won, 1 lost)/);

    await card.getByRole('button', { name: 'Dismiss while you were away' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Playing as Sleeper' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'First steps' })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
