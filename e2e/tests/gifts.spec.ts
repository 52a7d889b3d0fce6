import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { BASE_URL } from '../support/game.ts';
import { playerWithCharacter } from './character-helpers.ts';
import { earnCopper, readCopper } from './store-helpers.ts';

const headers = { origin: BASE_URL };

/** The Your Funds card's gold, silver and copper (the auction house shows the active character's). */
async function expectFunds(page: Page, copper: number): Promise<void> {
  const funds = page.getByRole('region', { name: 'Your Funds' });
  const coins = { Gold: Math.floor(copper / 10_000), Silver: Math.floor((copper % 10_000) / 100), Copper: copper % 100 };
  for (const [label, value] of Object.entries(coins)) await expect(funds.locator(`dt:text-is("${label}") + dd`)).toHaveText(String(value));
}

test.describe('gifts between friends (DECISIONS §4)', () => {
  test("a friend's profile: 'Send Gift' gives copper; the receiver hears of it live and their funds change; a refusal shows the server's message", async ({
    browser,
  }) => {
    const giver = await playerWithCharacter(browser, 'giftgiver');
    const taker = await playerWithCharacter(browser, 'gifttaker');
    const start = await earnCopper(giver.page, giver.characterId, 3);

    // Friends through the API, as the friends spec does through the screens.
    expect((await giver.page.request.post('/api/friends/requests', { data: { userId: taker.id }, headers })).ok()).toBe(true);
    const { entries } = (await (await taker.page.request.get('/api/friends')).json()) as { entries: Array<{ friendshipId: string; user: { id: string } }> };
    const row = entries.find((entry) => entry.user.id === giver.id);
    expect((await taker.page.request.post(`/api/friends/${row?.friendshipId}/accept`, { headers })).ok()).toBe(true);

    // The receiver watches their funds.
    await taker.page.goto('/auction');
    await expectFunds(taker.page, 0);

    await giver.page.goto(`/user-profile/${taker.id}`);
    await giver.page.getByRole('button', { name: `Send Gift to ${taker.username}` }).click();
    const dialog = giver.page.getByRole('dialog', { name: `Send a Gift to ${taker.username}` });
    await expect(dialog.getByRole('radio', { name: 'Coins' })).toBeChecked();
    await dialog.getByLabel('Copper', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Send Gift', exact: true }).click();
    await expect(giver.page.getByText('Gift Sent')).toBeVisible();
    await expect(giver.page.getByText(`You gave ${taker.username} 2c.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Live on the receiver's side: the notice and the new funds, without a reload.
    await expect(taker.page.getByText('Gift Received')).toBeVisible();
    await expect(taker.page.getByText(`${giver.username} sent you a gift: 2c.`)).toBeVisible();
    await expectFunds(taker.page, 2);
    expect(await readCopper(giver.page, giver.characterId)).toBe(start - 2);

    // More than the giver holds: the server refuses, its message shown, nothing moves.
    await giver.page.getByRole('button', { name: `Send Gift to ${taker.username}` }).click();
    await dialog.getByLabel('Gold', { exact: true }).fill('500');
    await dialog.getByRole('button', { name: 'Send Gift', exact: true }).click();
    await expect(giver.page.getByText("You don't have enough copper for this gift.")).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(await readCopper(taker.page, taker.characterId)).toBe(2);
  });
});
