import { expect, test } from '@playwright/test';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { earnCopper, pickPotionStack, pickWeapon, readInventory, readStore } from './store-helpers.ts';

const STAT_ROWS = [
  ['attack', 'Attack'],
  ['defense', 'Defense'],
  ['speed', 'Speed'],
  ['health', 'Max Health'],
] as const;

test.describe('store (spec 03 §2, §4, §5, §8)', () => {
  test('without a character the store sends the player home', async ({ page }) => {
    await signedIn(page);
    await page.goto('/store');
    await expect(page.getByText('No Character Selected')).toBeVisible();
    await expect(page.getByText('Please create or select a character first.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('heading, countdown, wallet and tabs; a purchase without money is refused', async ({ page }) => {
    await signedIn(page);
    const { id } = await createCharacterViaApi(page, { name: 'Brom', race: 'human', class: 'warrior', gender: 'male' });
    const store = await readStore(page, id);
    await page.goto('/store');

    await expect(page.getByRole('heading', { name: "Brom's Shop", level: 1 })).toBeVisible();
    await expect(page.getByText('Browse and buy items to enhance your adventure')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d:\d\d$/);
    const wallet = page.getByRole('region', { name: 'Your Gold' });
    for (const label of ['Gold', 'Silver', 'Copper', 'Casino Chips']) await expect(wallet.getByText(label, { exact: true })).toBeVisible();
    for (const tab of ['Weapons & Armor', 'Potions & Elixirs', 'Food & Provisions', 'Backpacks']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await expect(page.getByRole('tab', { name: 'Weapons & Armor' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article')).toHaveCount(6);

    // A new character has no copper: the server refuses with the spec's message.
    const gear = store.sections.gear[0]!;
    await page.getByRole('button', { name: `Buy ${gear.item.name}` }).first().click();
    await expect(page.getByText('Not enough money', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Not enough money – You need \d+[gsc]( \d+[sc])* to buy this item\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: `Buy ${gear.item.name}` }).first()).toBeEnabled();

    // The backpack carried reads 'Equipped' (the Adventurer's Pack, when this stock offers it).
    await page.getByRole('tab', { name: 'Backpacks' }).click();
    await expect(page.getByRole('article')).toHaveCount(6);
    const carried = store.sections.backpacks.find((offer) => offer.equipped);
    if (carried) await expect(page.getByRole('button', { name: `Equipped ${carried.item.name}` }).first()).toBeDisabled();

    // Nothing bought: the backpack drawer on the sheet is empty.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Backpack' }).click();
    const drawer = page.getByRole('dialog', { name: 'Backpack' });
    await expect(drawer.getByText('Your inventory is empty. Visit the store to purchase equipment.')).toBeVisible();
    await expect(drawer.getByText('0 / 8')).toBeVisible();
    await expect(drawer.getByRole('progressbar', { name: 'Backpack capacity' })).toHaveAttribute('aria-valuenow', '0');
    await drawer.getByRole('button', { name: 'Close backpack' }).click();
    await expect(drawer).toBeHidden();
  });

  test('buy a weapon and potions, equip, drink, sell with a confirmation, unequip', async ({ page }) => {
    test.setTimeout(150_000);
    await signedIn(page);
    const { id } = await createCharacterViaApi(page, { name: 'Brom', race: 'human', class: 'warrior', gender: 'male' });
    const store = await readStore(page, id);
    const weapon = pickWeapon(store);
    const potions = pickPotionStack(store).slice(0, 3);
    const potionName = potions[0]!.item.name;
    await earnCopper(page, id, weapon.price + potions.reduce((sum, offer) => sum + offer.price, 0));

    await page.goto('/store');
    await page.getByRole('button', { name: `Buy ${weapon.item.name}` }).first().click();
    await expect(page.getByText('Purchase Successful')).toBeVisible();
    await expect(page.getByText(`You bought ${weapon.item.name} for`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Sold ${weapon.item.name}` }).first()).toBeDisabled();

    await page.getByRole('tab', { name: 'Potions & Elixirs' }).click();
    for (let bought = 1; bought <= potions.length; bought++) {
      await page.getByRole('button', { name: `Buy ${potionName}` }).first().click();
      await expect(page.getByRole('button', { name: `Sold ${potionName}` })).toHaveCount(bought);
    }
    // Sold marks are the server's: they survive a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: `Sold ${weapon.item.name}` }).first()).toBeDisabled();

    const before = await readInventory(page, id);
    const [stat, statLabel] = STAT_ROWS.find(([key]) => (weapon.item.stats?.[key] ?? 0) > 0) ?? STAT_ROWS[0];
    const gain = weapon.item.stats?.[stat] ?? 0;
    const effectiveKey = stat === 'health' ? 'maxHealth' : stat;
    const base = before.effective[effectiveKey];
    // Adventures may have dropped materials too: the capacity counts every unequipped entry.
    const carried = before.entries.filter((entry) => !entry.equipped).length;

    await page.goto('/profile');
    const withGear = page.getByRole('region', { name: 'With Gear' });
    await expect(withGear.getByRole('listitem').filter({ hasText: statLabel }).first()).toHaveText(`${statLabel}${base}`);

    await page.getByRole('button', { name: 'Backpack' }).click();
    const drawer = page.getByRole('dialog', { name: 'Backpack' });
    await expect(drawer.getByText(`${carried} / 8`)).toBeVisible();
    await drawer.getByLabel('Search items').fill('no such thing');
    await expect(drawer.getByText('No matching items found.')).toBeVisible();
    await drawer.getByLabel('Search items').fill('');
    const potionRow = drawer.getByRole('listitem').filter({ hasText: potionName });
    await expect(potionRow).toContainText(`x${potions.length}`);

    await drawer.getByRole('button', { name: `Equip ${weapon.item.name}` }).click();
    await expect(page.getByText('Item Equipped')).toBeVisible();
    await expect(drawer.getByRole('button', { name: `Equip ${weapon.item.name}` })).toHaveCount(0);
    await expect(drawer.getByText(`${carried - 1} / 8`)).toBeVisible();

    await drawer.getByRole('button', { name: `Use ${potionName}` }).click();
    await expect(page.getByText(/^(Item Used|Already at Max Health|Already at Max Mana|No Effect)$/)).toBeVisible();
    await expect(potionRow).toContainText(`x${potions.length - 1}`);

    const unit = (await readInventory(page, id)).entries.find((entry) => entry.item.name === potionName)!.unitSellValue;
    await drawer.getByRole('button', { name: `Sell ${potionName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Sell ${potionName}?` });
    await expect(confirm.getByLabel('Quantity')).toHaveValue('1');
    await expect(confirm).toContainText(`You will receive ${unit}c.`);
    await confirm.getByLabel('Quantity').fill('2');
    await expect(confirm).toContainText(`You will receive ${unit * 2}c (${unit}c each).`);
    await confirm.getByRole('button', { name: 'Sell', exact: true }).click();
    await expect(page.getByText('Item Sold')).toBeVisible();
    await expect(page.getByText(`You sold 2 x ${potionName} for ${unit * 2}c.`)).toBeVisible();
    await expect(potionRow).toHaveCount(0);
    await expect(drawer.getByText(`${carried - 2} / 8`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The sheet: the weapon in its slot, the stat with the gear bonus ('Attack 5 (+3)').
    const grid = page.getByRole('region', { name: 'Equipped Gear' });
    await expect(grid.getByRole('button', { name: weapon.item.name, exact: true })).toBeVisible();
    await expect(withGear.getByRole('listitem').filter({ hasText: statLabel }).first()).toHaveText(`${statLabel}${base + gain}(+${gain}) from gear`);

    await grid.getByRole('button', { name: `Unequip ${weapon.item.name}` }).click();
    await expect(page.getByText('Item Unequipped')).toBeVisible();
    await expect(grid.getByText('Empty', { exact: true })).toHaveCount(8);
    await expect(withGear.getByRole('listitem').filter({ hasText: statLabel }).first()).toHaveText(`${statLabel}${base}`);
  });
});
