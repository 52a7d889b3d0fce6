import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { adventureUntil } from './economy-helpers.ts';

/** The character's level and unspent attribute points, as the API reports them. */
async function progressOf(page: Page, id: string) {
  const res = await page.request.get('/api/characters');
  const { characters } = (await res.json()) as { characters: Array<{ id: string; level: number; availableAttributePoints: number }> };
  return characters.find((c) => c.id === id)!;
}

test.describe('attribute points (spec 02 §2 character sheet, DECISIONS §3)', () => {
  test('a level-up earns 3 points; upgrade one attribute and reset', async ({ page }) => {
    test.setTimeout(150_000);
    await signedIn(page);
    const hero = await createCharacterViaApi(page, { name: 'Brom', race: 'dwarf', class: 'warrior', gender: 'male' });

    // Level 2 needs 100 XP (xpToLeaveLevel in packages/game); a level-1 forest win gives about 50 (3 s each at RPG_TIME_SCALE=20).
    await adventureUntil(page, hero.id, async () => (await progressOf(page, hero.id)).level >= 2, 120_000);
    expect((await progressOf(page, hero.id)).availableAttributePoints).toBe(3);

    await page.goto('/profile');
    await expect(page.getByText('Available Points:')).toContainText('3');
    const attributes = page.getByRole('region', { name: 'Attributes' });
    const strength = attributes.getByRole('listitem').filter({ hasText: 'Strength' });
    const before = Number(await strength.locator('.tabular-nums').last().textContent());
    await expect(page.getByRole('button', { name: 'Reset Points' })).toBeDisabled();

    await page.getByRole('button', { name: 'Upgrade Strength' }).click();
    await expect(page.getByText('Available Points:')).toContainText('2');
    await expect(strength).toContainText(String(before + 1));
    await expect(strength).toContainText('(+1)');

    await page.getByRole('button', { name: 'Reset Points' }).click();
    await expect(page.getByText('Available Points:')).toContainText('3');
    await expect(strength).not.toContainText('(+1)');
  });
});
