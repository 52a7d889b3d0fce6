import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi, fakePngFile, tinyPngFile } from './character-helpers.ts';

const GEAR_SLOTS = ['Head', 'Chest', 'Legs', 'Feet', 'Gloves', 'Main Hand', 'Off Hand', 'Cloak'];

test.describe('character sheet (spec 01 §2 /profile, spec 02 §2)', () => {
  test('attributes, gear slots, race and class panels of a level-1 mage', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' });
    await page.goto('/profile');
    const identity = page.getByRole('region', { name: 'Aria' });
    await expect(identity.getByRole('heading', { name: 'Aria', level: 2 })).toBeVisible();
    await expect(identity).toContainText('Level 1 Elf Mage');
    await expect(identity.getByText('Race: Elf')).toBeVisible();
    await expect(identity.getByText('Class: Mage')).toBeVisible();
    await expect(identity.getByText('Racial Bonuses')).toBeVisible();
    await expect(identity.getByText('+2 Dexterity')).toBeVisible();

    // A level-1 character has no points: no upgrade buttons, nothing to reset.
    await expect(page.getByText('Available Points: 0')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Upgrade / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reset Points' })).toBeDisabled();

    const gear = page.getByRole('region', { name: 'Equipped Gear' });
    for (const slot of GEAR_SLOTS) await expect(gear.getByText(slot, { exact: true })).toBeVisible();
    await expect(gear.getByText('Empty', { exact: true })).toHaveCount(8);

    // Mages get the skill-tree shortcut.
    await expect(page.getByRole('link', { name: 'Skill Tree', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Store' }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test('avatar upload shows the image, a refused file shows the server message, removal brings back the portrait', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' });
    await page.goto('/profile');
    await expect(page.getByRole('img', { name: 'Portrait of Aria' })).toBeVisible();

    await page.getByLabel('Upload Avatar').setInputFiles(fakePngFile());
    await expect(page.getByText('Images only: PNG, JPEG, WebP or GIF.')).toBeVisible();

    await page.getByLabel('Upload Avatar').setInputFiles(tinyPngFile());
    const avatar = page.getByRole('img', { name: 'Avatar of Aria' });
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^\/uploads\//);
    // The browser really loaded the picture (1 x 1 pixels), not a broken-image box.
    const loadedWidth = () => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    await expect.poll(loadedWidth).toBe(1);

    await page.reload();
    await expect(page.getByRole('img', { name: 'Avatar of Aria' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Avatar' }).click();
    await expect(page.getByRole('img', { name: 'Portrait of Aria' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Avatar of Aria' })).toHaveCount(0);

    await page.getByLabel('Upload Background').setInputFiles(tinyPngFile());
    await expect(page.getByRole('img', { name: 'Background of Aria' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Background' }).click();
    await expect(page.getByRole('img', { name: 'Background of Aria' })).toHaveCount(0);
  });

  test('switch character on the sheet, edit one, delete one behind a confirmation', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' });
    await createCharacterViaApi(page, { name: 'Thorin', race: 'dwarf', class: 'warrior', gender: 'male' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Thorin', level: 2 })).toBeVisible();
    // Only mages get the skill-tree shortcut.
    await expect(page.getByRole('link', { name: 'Skill Tree', exact: true })).toHaveCount(0);

    const switcher = page.getByRole('region', { name: 'Characters' });
    await switcher.getByRole('button', { name: /^Aria/ }).click();
    await expect(page.getByRole('heading', { name: 'Aria', level: 2 })).toBeVisible();
    await expect(switcher.getByRole('button', { name: /^Aria/ })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Edit Character' }).click();
    await expect(page).toHaveURL(/\/character-creation\?edit=/);
    await expect(page.getByLabel('Character Name')).toHaveValue('Aria');
    await expect(page.getByText('Race and class are chosen at creation and cannot be changed.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Elf' })).toHaveCount(0);
    await page.getByLabel('Character Name').fill('Aria Bright');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Hair Style')).toHaveValue('default');
    await page.getByLabel('Clothes Style').selectOption('robes');
    await page.getByRole('button', { name: 'Save Character' }).click();
    await expect(page.getByText('Character customization saved')).toBeVisible();
    await expect(page.getByText('Your character has been updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Aria Bright', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Character' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Aria Bright?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Character has been successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByRole('button', { name: 'Thorin', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('without a character the sheet offers to create one', async ({ page }) => {
    await signedIn(page);
    await page.goto('/profile');
    await expect(page.getByText('No character found.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Character' }).click();
    await expect(page).toHaveURL(/\/character-creation$/);
  });
});
