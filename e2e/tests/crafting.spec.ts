import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { countOf, forestAdventure, grantMaterials, inventoryOf } from './economy-helpers.ts';

/** packages/game/src/content/recipes.ts: the common Health Potion takes 2 Healing Herb and 1 Wild Berries. */
const HERBS = 2;
const BERRIES = 1;

test.describe('crafting drawer (spec 02 sections 2, 4, 5, 9)', () => {
  test('a won forest adventure puts its finds in the backpack; craft a Health Potion, watch it finish, find it in the backpack', async ({ page }) => {
    test.setTimeout(120_000);
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

    // Real forest adventures until one is won (a level-1 ranger wins most): whatever its outcome lists
    // as found is then in the backpack. Which material drops is random, so the recipe's ingredients
    // come from the development grant below rather than from farming drops.
    const counts = (inventory: Awaited<ReturnType<typeof inventoryOf>>, names: string[]) =>
      Object.fromEntries(names.map((name) => [name, countOf(inventory, name)]));
    let before = await inventoryOf(page, hero.id);
    let outcome = await forestAdventure(page, hero.id);
    for (let tries = 1; !outcome.won && tries < 10; tries++) {
      before = await inventoryOf(page, hero.id);
      outcome = await forestAdventure(page, hero.id);
    }
    expect(outcome.won).toBe(true);
    const found = outcome.items.map((item) => item.name);
    expect(outcome.leftBehind).toEqual([]);
    const expected = counts(before, found);
    for (const item of outcome.items) expected[item.name] = (expected[item.name] ?? 0) + item.quantity;
    expect(counts(await inventoryOf(page, hero.id), found)).toEqual(expected);

    // The recipe's ingredients (DEV_GRANTS=1 on the test server, never in production).
    await grantMaterials(page, hero.id, 'healing_herb', HERBS);
    await grantMaterials(page, hero.id, 'wild_berries', BERRIES);
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
