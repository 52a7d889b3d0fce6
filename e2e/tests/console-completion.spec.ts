import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

const consolePanel = (page: Page) => page.getByRole('region', { name: 'Adventure Chat' });

test.describe('the console helps (issue 44 point 7)', () => {
  test("'/' lists matching commands with their help line; Tab completes commands and arguments", async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Tabby', race: 'elf', class: 'mage', gender: 'female' });
    await page.goto('/play');
    const input = consolePanel(page).getByRole('textbox', { name: 'Console input' });
    await input.click();

    await page.keyboard.type('/');
    const matching = consolePanel(page).getByRole('region', { name: 'Matching commands' });
    await expect(matching).toContainText('/roll [NdM]');
    await expect(matching).toContainText('Rolls dice, 1d20 unless you say otherwise (e.g. /roll 2d6).');
    await page.keyboard.type('ro');
    await expect(matching.getByRole('listitem')).toHaveCount(1);
    await expect(matching).toContainText('/roll [NdM]');

    await input.fill('');
    await page.keyboard.type('/adv');
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('/adventure ');
    await expect(input).toBeFocused();
    const values = consolePanel(page).getByRole('region', { name: 'Values for /adventure [location] [level]' });
    await expect(values.getByRole('listitem')).toHaveCount(5);
    await page.keyboard.type('vo');
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('/adventure volcano ');
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('/adventure volcano 1');

    await input.fill('');
    await page.keyboard.type('/spell fr');
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('/spell frostbolt ');
    await input.fill('');
    await page.keyboard.type('/potion m');
    await page.keyboard.press('Tab');
    await expect(input).toHaveValue('/potion mana ');

    // Escape hides the list; a line that completes nothing leaves Tab to move the focus.
    await input.fill('');
    await page.keyboard.type('/he');
    await expect(matching).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(matching).toHaveCount(0);
    await input.fill('hello there');
    await page.keyboard.press('Tab');
    await expect(input).not.toBeFocused();
    await expect(input).toHaveValue('hello there');

    // A suggestion can be clicked too.
    await input.fill('/sta');
    await matching.getByRole('button', { name: /\/status/ }).click();
    await expect(input).toHaveValue('/status ');
    await page.keyboard.press('Enter');
    await expect(consolePanel(page).getByRole('log', { name: 'All messages' })).toContainText('Tabby');
  });
});
