import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { TIME_SCALE } from '../playwright.config.ts';
import { BASE_URL, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { earnCopper, pickWeapon, readCopper, readInventory, readStore } from './store-helpers.ts';

const headers = { origin: BASE_URL };
/** The asking price in the tests: 1 silver (fee 5% = 5 copper; the seller receives 95 copper). */
const PRICE = 100;
/** A listing lasts 48 hours, shortened like every timed rule by the run's RPG_TIME_SCALE (20): 2.4 h, shown as 3. */
const TIME_LEFT = `${Math.ceil(48 / TIME_SCALE)} hours left`;

/** A player with a character that owns one store weapon and at least `copper` copper after buying it. */
async function traderWithItem(page: Page, name: string, copper: number): Promise<{ id: string; itemName: string; username: string }> {
  await signedIn(page);
  const { id } = await createCharacterViaApi(page, { name, race: 'human', class: 'warrior', gender: 'male' });
  const weapon = pickWeapon(await readStore(page, id));
  await earnCopper(page, id, weapon.price + copper);
  const bought = await page.request.post(`/api/characters/${id}/store/buy`, { data: { offerId: weapon.offerId }, headers });
  expect(bought.ok()).toBe(true);
  const { username } = (await (await page.request.get('/api/me')).json()) as { username: string };
  return { id, itemName: weapon.item.name, username };
}

/** The Your Funds card's gold, silver and copper. */
async function expectFunds(page: Page, copper: number): Promise<void> {
  const funds = page.getByRole('region', { name: 'Your Funds' });
  const coins = { Gold: Math.floor(copper / 10_000), Silver: Math.floor((copper % 10_000) / 100), Copper: copper % 100 };
  for (const [label, value] of Object.entries(coins)) {
    await expect(funds.locator(`dt:text-is("${label}") + dd`)).toHaveText(String(value));
  }
}

test.describe('auction house (spec 03 §2, §4, §5, §8)', () => {
  test('list an item from one account, buy it from a second: both wallets change and the seller hears of it live', async ({ browser }) => {
    test.setTimeout(180_000);
    const sellerContext = await browser.newContext();
    const buyerContext = await browser.newContext();
    const seller = await sellerContext.newPage();
    const buyer = await buyerContext.newPage();
    try {
      const sold = await traderWithItem(seller, 'Sella', 10);
      await signedIn(buyer);
      const { id: buyerId } = await createCharacterViaApi(buyer, { name: 'Byron', race: 'elf', class: 'rogue', gender: 'male' });
      await earnCopper(buyer, buyerId, PRICE);

      // The seller lists the weapon for 1 silver through the two dialogs.
      await seller.goto('/auction');
      await expect(seller.getByRole('heading', { name: 'Auction House', level: 1 })).toBeVisible();
      await expect(seller.getByText('The auction house takes a 5% fee on all sales.')).toBeVisible();
      const sellerCopper = await readCopper(seller, sold.id);
      await expectFunds(seller, sellerCopper);
      await seller.getByRole('tab', { name: 'Your Listings' }).click();
      await expect(seller.getByText('No Active Listings')).toBeVisible();
      await seller.getByRole('button', { name: 'List Items from Inventory' }).click();
      const dialog = seller.getByRole('dialog', { name: 'List an Item' });
      const create = dialog.getByRole('button', { name: 'Create Listing' });
      await expect(create).toBeDisabled();
      await dialog.getByText(sold.itemName, { exact: true }).click();
      await expect(dialog.getByRole('radio', { name: new RegExp(sold.itemName) })).toBeChecked();
      await expect(create).toBeDisabled();
      // Non-numeric counts as 0; silver 1 is the price.
      await dialog.getByLabel('Silver').fill('1');
      await expect(create).toBeEnabled();
      await create.click();
      const confirm = seller.getByRole('alertdialog', { name: 'Confirm Listing Fee' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Pay Fee & List Item' }).click();
      await expect(seller.getByText('Item Listed', { exact: true })).toBeVisible();
      const card = seller.getByRole('article').filter({ hasText: sold.itemName });
      await expect(card.getByText(TIME_LEFT)).toBeVisible();
      await expect(card.getByRole('button', { name: `Cancel Listing ${sold.itemName}` })).toBeVisible();
      await expectFunds(seller, sellerCopper - 5);

      // The buyer finds it under Browse (live: the page is already open) and buys it.
      await buyer.goto('/auction');
      const buyerCopper = await readCopper(buyer, buyerId);
      await expectFunds(buyer, buyerCopper);
      await buyer.getByLabel('Search by name').fill(sold.itemName);
      const offer = buyer.getByRole('article').filter({ hasText: sold.username });
      await expect(offer).toHaveCount(1);
      await expect(offer.getByText(TIME_LEFT)).toBeVisible();
      await offer.getByRole('button', { name: `Buy Now ${sold.itemName}` }).click();
      await expect(buyer.getByText('Item Purchased', { exact: true })).toBeVisible();
      await expect(buyer.getByText(`You bought ${sold.itemName} for 0 gold, 1 silver, and 0 copper.`)).toBeVisible();
      await expectFunds(buyer, buyerCopper - PRICE);
      expect((await readInventory(buyer, buyerId)).entries.map((e) => e.item.name)).toContain(sold.itemName);

      // The seller, on the same page, hears of the sale live and is paid 95%.
      await expect(seller.getByText('Item Sold!', { exact: true })).toBeVisible();
      await expect(seller.getByText(`Your ${sold.itemName} sold to`).first()).toBeVisible();
      await expectFunds(seller, sellerCopper - 5 + 95);
      await expect(seller.getByText('No Active Listings')).toBeVisible();
      await expect(seller.getByText('Sold for 1s. You received 95c.')).toBeVisible();
    } finally {
      await sellerContext.close();
      await buyerContext.close();
    }
  });

  test('cancel a listing: the item comes back, the fee is kept', async ({ page }) => {
    test.setTimeout(120_000);
    const seller = await traderWithItem(page, 'Cancella', 10);
    const entry = (await readInventory(page, seller.id)).entries.find((e) => e.item.name === seller.itemName)!;
    const listed = await page.request.post(`/api/characters/${seller.id}/auction`, { data: { entryId: entry.id, price: PRICE }, headers });
    expect(listed.ok()).toBe(true);
    const afterFee = await readCopper(page, seller.id);

    await page.goto('/auction');
    // Browse shows only other players' listings.
    await page.getByLabel('Search by name').fill(`${seller.itemName} of nobody`);
    await expect(page.getByText('No Auctions Available')).toBeVisible();
    await page.getByRole('tab', { name: 'Your Listings' }).click();
    await page.getByRole('button', { name: `Cancel Listing ${seller.itemName}` }).click();
    await expect(page.getByText('Listing Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByText(`${seller.itemName} has been returned to your inventory. The listing fee is non-refundable.`)).toBeVisible();
    await expect(page.getByText('No Active Listings')).toBeVisible();
    await expectFunds(page, afterFee);
    expect((await readInventory(page, seller.id)).entries.map((e) => e.item.name)).toContain(seller.itemName);
  });
});
