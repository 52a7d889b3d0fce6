import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { earnCopper, pickWeapon, readInventory, readStore } from './store-helpers.ts';

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
    await page
      .getByRole('button', { name: `Buy ${gear.item.name}` })
      .first()
      .click();
    await expect(page.getByText('Not enough money', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Not enough money – You need \d+[gsc]( \d+[sc])* to buy this item\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: `Buy ${gear.item.name}` }).first()).toBeEnabled();

    // Below level 10 the pool holds two packs: two cards, never six copies; the carried one reads 'Equipped'.
    await page.getByRole('tab', { name: 'Backpacks' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('button', { name: "Equipped Adventurer's Pack" })).toHaveCount(1);
    await expect(page.getByRole('button', { name: "Equipped Adventurer's Pack" })).toBeDisabled();
    await expect(page.getByRole('button', { name: "Buy Traveler's Backpack" })).toHaveCount(1);

    // Levels 1-4 have two potions: two cards, one of each.
    await page.getByRole('tab', { name: 'Potions & Elixirs' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
    for (const name of ['Minor Health Potion', 'Minor Mana Potion']) await expect(page.getByRole('button', { name: `Buy ${name}` })).toHaveCount(1);

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
    // A level-1 store offers each of its two potions once: drink one, sell the other.
    const potions = store.sections.potions;
    expect(potions).toHaveLength(2);
    const potionName = potions[0]!.item.name;
    const otherName = potions[1]!.item.name;
    await earnCopper(page, id, weapon.price + potions.reduce((sum, offer) => sum + offer.price, 0));

    await page.goto('/store');
    await page
      .getByRole('button', { name: `Buy ${weapon.item.name}` })
      .first()
      .click();
    await expect(page.getByText('Purchase Successful')).toBeVisible();
    await expect(page.getByText(`You bought ${weapon.item.name} for`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Sold ${weapon.item.name}` }).first()).toBeDisabled();

    await page.getByRole('tab', { name: 'Potions & Elixirs' }).click();
    for (const { item } of potions) {
      await page.getByRole('button', { name: `Buy ${item.name}` }).click();
      await expect(page.getByRole('button', { name: `Sold ${item.name}` })).toHaveCount(1);
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
    const otherRow = drawer.getByRole('listitem').filter({ hasText: otherName });
    await expect(potionRow).toHaveCount(1);
    await expect(otherRow).toHaveCount(1);

    await drawer.getByRole('button', { name: `Equip ${weapon.item.name}` }).click();
    await expect(page.getByText('Item Equipped')).toBeVisible();
    await expect(drawer.getByRole('button', { name: `Equip ${weapon.item.name}` })).toHaveCount(0);
    await expect(drawer.getByText(`${carried - 1} / 8`)).toBeVisible();

    await drawer.getByRole('button', { name: `Use ${potionName}` }).click();
    await expect(page.getByText(/^(Item Used|Already at Max Health|Already at Max Mana|No Effect)$/)).toBeVisible();
    // The only one: used up, its row goes.
    await expect(potionRow).toHaveCount(0);
    await expect(drawer.getByText(`${carried - 2} / 8`)).toBeVisible();

    const unit = (await readInventory(page, id)).entries.find((entry) => entry.item.name === otherName)!.unitSellValue;
    await drawer.getByRole('button', { name: `Sell ${otherName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Sell ${otherName}?` });
    await expect(confirm.getByLabel('Quantity')).toHaveCount(0);
    await expect(confirm).toContainText(`You will receive ${unit}c.`);
    await confirm.getByRole('button', { name: 'Sell', exact: true }).click();
    await expect(page.getByText('Item Sold')).toBeVisible();
    await expect(page.getByText(`You sold ${otherName} for ${unit}c.`)).toBeVisible();
    await expect(otherRow).toHaveCount(0);
    await expect(drawer.getByText(`${carried - 3} / 8`)).toBeVisible();
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
