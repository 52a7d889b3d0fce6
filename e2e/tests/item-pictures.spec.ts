import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { earnCopper, pickWeapon, readStore } from './store-helpers.ts';

const SLOT_LABELS: Record<string, string> = {
  head: 'Head',
  chest: 'Chest',
  legs: 'Legs',
  feet: 'Feet',
  gloves: 'Gloves',
  mainHand: 'Main Hand',
  offHand: 'Off Hand',
  cloak: 'Cloak',
};
const STAT_LABELS: Record<string, string> = { attack: 'Attack', defense: 'Defense', speed: 'Speed', health: 'Health' };
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
/** What the comparison reads against an empty slot: every stat of the item. */
const againstEmpty = (slot: string, stats: Record<string, number> = {}) => {
  const changes = ['attack', 'defense', 'speed', 'health'].filter((s) => stats[s]).map((s) => `${signed(stats[s] ?? 0)} ${STAT_LABELS[s]}`);
  return `${SLOT_LABELS[slot]} slot empty: ${changes.length ? changes.join(', ') : 'no change'}`;
};

test.describe('items you can see (issue 44 point 8)', () => {
  test('pictures in the store, backpack and gear grid; gear compared with what is worn', async ({ page }) => {
    test.setTimeout(150_000);
    await signedIn(page);
    const { id } = await createCharacterViaApi(page, { name: 'Picta', race: 'human', class: 'warrior', gender: 'female' });
    const weapon = pickWeapon(await readStore(page, id));
    const slot = weapon.item.slot ?? 'mainHand';
    await earnCopper(page, id, weapon.price);

    await page.goto('/store');
    const card = page.getByRole('article', { name: weapon.item.name }).first();
    // The picture is the slot's drawing, tinted by the tier.
    const picture = card.locator('svg[data-item-picture]');
    await expect(picture).toHaveAttribute('data-item-picture', `gear-${slot}`);
    await expect(picture).toHaveAttribute('data-tier', /^(common|uncommon|rare|epic|legendary)$/);
    await expect(card.getByLabel(againstEmpty(slot, weapon.item.stats))).toBeVisible();
    await page.getByRole('tab', { name: 'Potions & Elixirs' }).click();
    await expect(page.locator('svg[data-item-picture^="potion-"]').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Backpacks' }).click();
    await expect(page.locator('svg[data-item-picture="backpack"]').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Weapons & Armor' }).click();
    await page
      .getByRole('button', { name: `Buy ${weapon.item.name}` })
      .first()
      .click();
    await expect(page.getByRole('button', { name: `Sold ${weapon.item.name}` }).first()).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Backpack' }).click();
    const drawer = page.getByRole('dialog', { name: 'Backpack' });
    const row = drawer.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Equip ${weapon.item.name}` }) });
    await expect(row.locator(`svg[data-item-picture="gear-${slot}"]`)).toBeVisible();
    await expect(row.getByLabel(againstEmpty(slot, weapon.item.stats))).toBeVisible();
    await drawer.getByRole('button', { name: `Equip ${weapon.item.name}` }).click();
    await expect(page.getByText('Item Equipped')).toBeVisible();
    await page.keyboard.press('Escape');
    const grid = page.getByRole('region', { name: 'Equipped Gear' });
    await expect(grid.locator(`svg[data-item-picture="gear-${slot}"]`)).toBeVisible();

    // The store's gear now reads against the worn weapon in its slot, and against empty slots elsewhere.
    const store = await readStore(page, id);
    await page.goto('/store');
    for (const offer of store.sections.gear) {
      const offerCard = page.getByRole('article', { name: offer.item.name }).first();
      const label =
        offer.item.slot === slot
          ? new RegExp(`^Against ${weapon.item.name} \\(equipped\\): `)
          : new RegExp(`^${SLOT_LABELS[offer.item.slot ?? '']} slot empty: `);
      await expect(offerCard.getByLabel(label)).toBeVisible();
    }
    const sold = page.getByRole('article', { name: weapon.item.name }).first();
    await expect(sold.getByLabel(`Against ${weapon.item.name} (equipped): no change`)).toBeVisible();
  });
});
