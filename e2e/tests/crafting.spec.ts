import { expect, test } from '@playwright/test';
import { BASE_URL, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { adventureUntil, countOf, inventoryOf } from './economy-helpers.ts';

/** packages/game/src/content/recipes.ts: the common Health Potion takes 2 Healing Herb and 1 Wild Berries. */
const HERBS = 2;
const BERRIES = 1;

test.describe('crafting drawer (spec 02 sections 2, 4, 5, 9)', () => {
  test('gather forest materials, craft a Health Potion, watch it finish, find it in the backpack', async ({ page }) => {
    test.setTimeout(300_000);
    await signedIn(page);
    const hero = await createCharacterViaApi(page, { name: 'Brewer', race: 'elf', class: 'ranger', gender: 'female' });

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Crafting' }).click();
    const drawer = page.getByRole('dialog', { name: 'Crafting' });
    await expect(drawer.getByText('Crafting Level 1')).toBeVisible();
    await expect(drawer.getByText('0 / 20 XP')).toBeVisible();
    await expect(drawer.getByText('Crafting speed bonus')).toBeVisible();
    await expect(drawer.getByText('Resource discount')).toBeVisible();
    await expect(drawer.getByText('Quality bonus')).toBeVisible();
    await expect(drawer.getByText(/^0 \/ \d+ recipes unlocked$/)).toBeVisible();
    const tabs = drawer.getByRole('tablist', { name: 'Recipe categories' });
    await expect(tabs.getByRole('tab')).toHaveText(['Weapons & Armor', 'Potions', 'Food']);

    // A recipe beyond a new crafter: locked, and Craft says why.
    await tabs.getByRole('tab', { name: 'Potions' }).click();
    const strong = drawer.getByRole('article', { name: /Strong Health Potion/ });
    await expect(strong.getByText('Find a recipe scroll during adventures.', { exact: false })).toBeVisible();
    await expect(strong.getByRole('button', { name: 'Craft Strong Health Potion' })).toBeDisabled();
    // The common potion is known, but the ingredients are missing.
    const potion = drawer.getByRole('article', { name: 'Health Potion', exact: true });
    await expect(potion.getByRole('button', { name: 'Craft Health Potion' })).toBeDisabled();
    await expect(potion.getByText("You don't have enough Healing Herb")).toBeVisible();
    await drawer.getByRole('button', { name: 'Close crafting' }).click();

    // Gather the ingredients on level-1 forest adventures (one material per win, so this takes a while).
    const gathered = async () => {
      const inventory = await inventoryOf(page, hero.id);
      return countOf(inventory, 'Healing Herb') >= HERBS && countOf(inventory, 'Wild Berries') >= BERRIES;
    };
    const startedAt = Date.now();
    const adventures = await adventureUntil(page, hero.id, gathered, 200_000);
    test.info().annotations.push({ type: 'gathering', description: `${adventures} adventures, ${Math.round((Date.now() - startedAt) / 1000)} s` });

    // The potion needs a free backpack slot when it is done: sell a stack the recipe does not use if the pack is full.
    const inventory = await inventoryOf(page, hero.id);
    if (inventory.used >= inventory.capacity) {
      const spare = inventory.entries.find((entry) => !entry.equipped && !['Healing Herb', 'Wild Berries'].includes(entry.item.name));
      expect(spare).toBeDefined();
      const sold = await page.request.post(`/api/characters/${hero.id}/inventory/${spare!.id}/sell`, { data: { quantity: spare!.quantity }, headers: { origin: BASE_URL } });
      expect(sold.ok()).toBe(true);
    }
    const herbsBefore = countOf(await inventoryOf(page, hero.id), 'Healing Herb');

    await page.reload();
    await page.getByRole('button', { name: 'Crafting' }).click();
    await drawer.getByRole('tab', { name: 'Potions' }).click();
    await expect(potion.getByText(`${herbsBefore} / ${HERBS}`)).toBeVisible();
    const craft = potion.getByRole('button', { name: 'Craft Health Potion' });
    await expect(craft).toBeEnabled();
    await craft.click();
    await expect(page.getByText('Crafting Started').first()).toBeVisible();

    // The craft runs (requiredLevel 1: 3 minutes / 20 = 9 s) with a bar and the time left; no second craft meanwhile.
    const bar = drawer.getByRole('progressbar', { name: 'Crafting Health Potion' });
    await expect(bar).toBeVisible();
    await expect(drawer.getByText(/^0:0\d left$/)).toBeVisible();
    await expect(craft).toBeDisabled();
    await expect(potion.getByText("You're already crafting an item!")).toBeVisible();

    await expect(page.getByText('Crafting Complete').first()).toBeVisible({ timeout: 30_000 });
    await expect(bar).toBeHidden();
    await expect(drawer.getByText('5 / 20 XP')).toBeVisible();
    expect(countOf(await inventoryOf(page, hero.id), 'Healing Herb')).toBe(herbsBefore - HERBS);

    // The potion is in the backpack.
    await drawer.getByRole('button', { name: 'Close crafting' }).click();
    await page.getByRole('button', { name: 'Backpack' }).click();
    const backpack = page.getByRole('dialog', { name: 'Backpack' });
    await expect(backpack.getByRole('list', { name: 'Items in your backpack' }).getByText('Health Potion', { exact: true })).toBeVisible();
  });
});
