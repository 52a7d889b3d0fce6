import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { say } from './console-helpers.ts';

const consolePanel = (page: Page) => page.getByRole('region', { name: 'Adventure Chat' });
const log = (page: Page) => consolePanel(page).getByRole('log', { name: 'All messages' });
const starts = (page: Page) => log(page).locator('li[data-kind="adventure-start"]');
const outcome = (page: Page) => page.getByText(/^Adventure (Completed|Failed)!$/).first();

test.describe('again (issue 44 point 2)', () => {
  test('the return line, the launcher and /again start the same adventure once more', async ({ page }) => {
    test.setTimeout(120_000);
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Rerun', race: 'human', class: 'rogue', gender: 'male' });
    await page.goto('/play');
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    const again = consolePanel(page).getByRole('button', { name: 'Again: Forest, level 1' });
    await expect(again).toHaveCount(0);

    await say(page, '/forest');
    await expect(starts(page)).toHaveCount(1);
    await expect(outcome(page)).toBeVisible({ timeout: 20_000 });

    // Back from it: Again on the launcher and on the return line.
    await expect(again).toHaveCount(2);
    await expect(log(page).locator('li[data-kind="adventure-return"]').last().getByRole('button', { name: 'Again: Forest, level 1' })).toBeVisible();
    await log(page).getByRole('button', { name: 'Again: Forest, level 1' }).click();
    await expect(starts(page)).toHaveCount(2);
    await expect(starts(page).last()).toContainText('Rerun sets out for the Forest (level 1).');

    await expect(again).toHaveCount(2, { timeout: 20_000 });
    // The first in the panel is the launcher's (the log's comes after it).
    await again.first().click();
    await expect(starts(page)).toHaveCount(3);

    await expect(again).toHaveCount(2, { timeout: 20_000 });
    await say(page, '/again');
    await expect(starts(page)).toHaveCount(4);
    await expect(starts(page).last()).toContainText('Rerun sets out for the Forest (level 1).');
  });
});
