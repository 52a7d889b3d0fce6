import { expect, test } from '../support/test.ts';
import { BASE_URL } from '../support/game.ts';
import { playerWithCharacter } from './character-helpers.ts';
import { earnCopper, pickWeapon, readStore } from './store-helpers.ts';

const headers = { origin: BASE_URL };

test.describe('History on the character sheet (issue 29, the ledger)', () => {
  test('a store purchase and a friend’s gift both show up, newest first, with the giver’s name', async ({ browser }) => {
    test.setTimeout(150_000);
    const buyer = await playerWithCharacter(browser, 'historybuyer');
    const giver = await playerWithCharacter(browser, 'historygiver');

    // Before anything moved: the empty state.
    await buyer.page.goto('/profile');
    const history = buyer.page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Nothing has come or gone yet.')).toBeVisible();

    // The buyer earns copper and buys a weapon in the store, by its button.
    await earnCopper(buyer.page, buyer.characterId, 60);
    const weapon = pickWeapon(await readStore(buyer.page, buyer.characterId));
    await buyer.page.goto('/store');
    await buyer.page
      .getByRole('button', { name: `Buy ${weapon.item.name}` })
      .first()
      .click();
    await expect(buyer.page.getByText('Purchase Successful')).toBeVisible();

    // The second player (a second browser context) befriends the buyer and gives 2c.
    await earnCopper(giver.page, giver.characterId, 2);
    expect((await giver.page.request.post('/api/friends/requests', { data: { userId: buyer.id }, headers })).ok()).toBe(true);
    const { entries } = (await (await buyer.page.request.get('/api/friends')).json()) as { entries: Array<{ friendshipId: string; user: { id: string } }> };
    const row = entries.find((entry) => entry.user.id === giver.id);
    expect((await buyer.page.request.post(`/api/friends/${row?.friendshipId}/accept`, { headers })).ok()).toBe(true);
    const gift = await giver.page.request.post('/api/gifts', { data: { toUserId: buyer.id, requestId: crypto.randomUUID(), copper: 2 }, headers });
    expect(gift.ok()).toBe(true);

    await buyer.page.goto('/profile');
    const items = history.getByRole('listitem');
    const received = items.filter({ hasText: `Gift from ${giver.username}` });
    await expect(received).toContainText('+2c');
    const bought = items.filter({ hasText: `+1 x ${weapon.item.name}` });
    await expect(bought).toContainText('Bought in the store');
    await expect(items.filter({ hasText: 'Adventure' }).first()).toBeVisible();
    // Newest first: the gift came after the purchase.
    const texts = await items.allInnerTexts();
    const at = (needle: string) => texts.findIndex((text) => text.includes(needle));
    expect(at(`Gift from ${giver.username}`)).toBeLessThan(at(`+1 x ${weapon.item.name}`));

    // The giver's own History names the receiver.
    await giver.page.goto('/profile');
    const given = giver.page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: `Gift to ${buyer.username}` });
    await expect(given).toContainText('-2c');
  });
});
