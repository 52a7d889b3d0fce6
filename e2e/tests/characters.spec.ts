import { expect, test } from '../support/test.ts';
import { BASE_URL, signedIn } from '../support/game.ts';
import { characterCard, createCharacterViaApi, fillBasicInformation } from './character-helpers.ts';

/** Spec 01 §2's notice on the portal at 2 characters. */
const PORTAL_LIMIT_NOTICE = 'You have reached the maximum number of characters (2). Delete a character to create a new one.';
/** Spec 03 §8's character-limit text, on the limit screen. */
const LIMIT_NOTICE = 'You can only have up to 2 characters. Delete one to create a new character.';

test.describe('characters (spec 01 §2 portal and creation, §4, §5, §8)', () => {
  test('creation: the four Required toasts, two characters through both steps, then the limit', async ({ page }) => {
    await signedIn(page);
    await expect(page.getByRole('heading', { name: 'Game Portal' })).toBeVisible();
    await expect(page.getByText('You have no characters yet. Create one to begin your adventure.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Game' })).toBeDisabled();

    await page.getByRole('button', { name: 'Create Character' }).click();
    await expect(page).toHaveURL(/\/character-creation$/);
    await page.getByRole('button', { name: 'Next' }).click();
    const required: Array<[string, string]> = [
      ['Name Required', 'Please enter a character name'],
      ['Race Required', 'Please select a character race'],
      ['Class Required', 'Please select a character class'],
      ['Gender Required', 'Please select a gender for your character'],
    ];
    for (const [title, description] of required) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
      await expect(page.getByText(description, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();

    // The side panel and the combined stats preview follow the choices: elf +2 dex, mage +3 int.
    await fillBasicInformation(page, { name: 'Aria', race: 'Elf', characterClass: 'Mage', gender: 'Female' });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByLabel('Character Name')).toHaveValue('Aria');
    const preview = page.getByRole('region', { name: 'Combined Stats' });
    await expect(preview.getByText('Intelligence').locator('..')).toContainText('9');
    await expect(preview.getByText('Health').locator('..')).toContainText('15');
    await expect(page.getByText('Night Vision, Magic Affinity')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Hair Style').selectOption('long');
    await page.getByRole('button', { name: 'Hair Colour: Auburn' }).click();
    await expect(page.getByRole('button', { name: 'Hair Colour: Auburn' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('img', { name: 'Portrait of Aria' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Character Created')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(characterCard(page, 'Aria')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Create Character' })).toBeVisible();

    // The dashed card leads to the second character.
    await page.getByRole('link', { name: 'Create Character' }).click();
    await fillBasicInformation(page, { name: 'Thorin', race: 'Dwarf', characterClass: 'Warrior', gender: 'Male' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/game$/);

    // The newest is the active one; at 2 the limit shows.
    await expect(characterCard(page, 'Thorin')).toHaveAttribute('aria-pressed', 'true');
    await expect(characterCard(page, 'Aria')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(PORTAL_LIMIT_NOTICE)).toBeVisible();
    await expect(page.getByText(LIMIT_NOTICE)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Character' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Create Character' })).toHaveCount(0);

    await page.goto('/character-creation');
    await expect(page.getByRole('heading', { name: 'Character Limit Reached' })).toBeVisible();
    await expect(page.getByText(LIMIT_NOTICE)).toBeVisible();
    await expect(page.getByText('To make room, delete a character from the')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('switch the active character, play it live on the hub, delete one behind a confirmation', async ({ page }) => {
    await signedIn(page);
    const aria = await createCharacterViaApi(page, { name: 'Aria', race: 'elf', class: 'mage', gender: 'female' });
    await createCharacterViaApi(page, { name: 'Thorin', race: 'dwarf', class: 'warrior', gender: 'male' });
    await page.goto('/game');
    const ariaCard = page.getByRole('listitem').filter({ has: characterCard(page, 'Aria') });
    await expect(ariaCard).toContainText('Elf');
    await expect(ariaCard).toContainText('Mage');
    await expect(ariaCard).toContainText('0g');

    await characterCard(page, 'Aria').click();
    await expect(characterCard(page, 'Aria')).toHaveAttribute('aria-pressed', 'true');
    await expect(characterCard(page, 'Thorin')).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('button', { name: 'Play Game' }).click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(page.getByRole('heading', { name: 'Playing as Aria' })).toBeVisible();
    const status = page.getByRole('region', { name: 'Character Status' });
    await expect(status).toContainText('Level');
    await expect(status).toContainText('15 / 15');
    await expect(status).toContainText('10 / 10');
    await expect(status.getByRole('progressbar', { name: 'XP' })).toHaveAttribute('aria-valuemax', '100');
    await expect(page.getByText('Buy weapons, armor, potions, and other items')).toBeVisible();
    for (const tile of ['Character Profile', 'Store', 'Auction House', 'Skill Tree', 'Achievements', 'Settings']) {
      await expect(page.getByRole('navigation', { name: 'Game areas' }).getByRole('link', { name: new RegExp(`^${tile}`) })).toBeVisible();
    }

    // A change made elsewhere is pushed over the socket and re-renders the hub without a reload.
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    const rename = await page.request.patch(`/api/characters/${aria.id}`, { data: { name: 'Aria Bright' }, headers: { origin: BASE_URL } });
    expect(rename.ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Playing as Aria Bright' })).toBeVisible();

    await page.getByRole('button', { name: 'Back to Portal' }).click();
    await expect(page).toHaveURL(/\/game$/);
    await page.getByRole('button', { name: 'Delete Thorin' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Thorin?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(characterCard(page, 'Thorin')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Thorin' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Character Deleted')).toBeVisible();
    await expect(page.getByText('Character has been successfully deleted.')).toBeVisible();
    await expect(characterCard(page, 'Thorin')).toHaveCount(0);
    await expect(page.getByText(PORTAL_LIMIT_NOTICE)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Character' })).toBeEnabled();
  });

  test('the hub without a character sends the player to the portal', async ({ page }) => {
    await signedIn(page);
    await page.goto('/play');
    await expect(page.getByText('No Character Selected')).toBeVisible();
    await expect(page.getByText('Please select a character from the game portal.')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
  });
});
