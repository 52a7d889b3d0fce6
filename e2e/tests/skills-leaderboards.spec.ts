import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { adventureUntil } from './economy-helpers.ts';

const suffix = () => Math.random().toString(36).slice(2, 7);

async function characterOf(page: Page, id: string): Promise<{ level: number; skillPoints: number }> {
  const res = await page.request.get('/api/characters');
  const { characters } = (await res.json()) as { characters: { id: string; level: number; skillPoints: number }[] };
  const found = characters.find((c) => c.id === id);
  if (!found) throw new Error('character missing');
  return found;
}

const node = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}: `) });
const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`);

test.describe('skill trees (spec 03 §2, §4, §5, §8)', () => {
  test('a level-2 mage previews the warrior tree, unlocks its root and is told there is nothing to reset', async ({ page }) => {
    test.setTimeout(240_000);
    await signedIn(page);
    const name = `Ilva${suffix()}`;
    const { id } = await createCharacterViaApi(page, { name, race: 'elf', class: 'mage', gender: 'female' });
    // DECISIONS §3: +1 skill point per level gained; level 2 takes 100 XP of level-1 forest adventures.
    await adventureUntil(page, id, async () => (await characterOf(page, id)).level >= 2, 200_000);
    expect((await characterOf(page, id)).skillPoints).toBe(1);

    await page.goto('/skill-tree');
    await expect(page.getByRole('heading', { name: 'Mage Skill Tree', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Profile' })).toBeVisible();
    await expect(stat(page, 'Level')).toHaveText('2');
    await expect(stat(page, 'Skill Points')).toHaveText('1');
    await expect(page.locator('line[data-link]')).toHaveCount(21);
    await expect(page.locator('line[data-link="healingLight->mysticInfusion"]')).toHaveCount(1);

    // Hover and keyboard focus both show a node's details.
    await node(page, 'Spark Bolt').hover();
    const details = page.getByRole('heading', { name: 'Spark Bolt', level: 2 });
    await expect(details).toBeVisible();
    await expect(page.getByText('Mana Cost')).toBeVisible();
    await expect(page.getByText('Click to unlock')).toBeVisible();
    await node(page, 'Mana Tap').focus();
    await expect(page.getByRole('heading', { name: 'Mana Tap', level: 2 })).toBeVisible();
    await expect(page.getByText('Unlock requirements not met')).toBeVisible();

    // Preview mode: another class's tree, tried out, nothing saved.
    await page.getByRole('tab', { name: 'Warrior' }).click();
    await expect(page.getByRole('heading', { name: 'Warrior Skill Tree', level: 1 })).toBeVisible();
    await expect(page.getByText('Preview Mode', { exact: true }).first()).toBeVisible();
    await node(page, 'Basic Strike').click();
    await expect(page.getByText(/Unlocked Basic Strike! \(Preview only: nothing is saved\.\)/)).toBeVisible();
    await expect(node(page, 'Basic Strike')).toHaveAttribute('data-status', 'unlocked');
    expect((await characterOf(page, id)).skillPoints).toBe(1);

    await page.getByRole('tab', { name: 'Mage' }).click();
    await expect(stat(page, 'Skill Points')).toHaveText('1');
    await node(page, 'Spark Bolt').click();
    await expect(page.getByText('Unlocked Spark Bolt!', { exact: true })).toBeVisible();
    await expect(node(page, 'Spark Bolt')).toHaveAttribute('data-status', 'unlocked');
    await expect(node(page, 'Mana Tap')).toHaveAttribute('data-status', 'available');
    await expect(stat(page, 'Skill Points')).toHaveText('0');
    await node(page, 'Mana Tap').click();
    await expect(page.getByText('Not enough skill points')).toBeVisible();

    // Only the root unlocked: nothing to reset, so the button is off and says why (issue 27).
    await expect(page.getByRole('button', { name: 'Reset Skills' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset Skills' })).toHaveAccessibleDescription('No skills to reset');

    await page.reload();
    await expect(node(page, 'Spark Bolt')).toHaveAttribute('data-status', 'unlocked');
    expect((await characterOf(page, id)).skillPoints).toBe(0);
  });

  test('no character: Access Denied with No active character found (spec 03 §8)', async ({ page }) => {
    await signedIn(page);
    await page.goto('/skill-tree');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Character not found or invalid class.')).toBeVisible();
    await expect(page.getByText('No active character found', { exact: true })).toBeVisible();
  });

  test('a class without a tree sees Access Denied', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: `Pell${suffix()}`, race: 'human', class: 'paladin', gender: 'male' });
    await page.goto('/skill-tree');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Character not found or invalid class.')).toBeVisible();
    await expect(page.getByText('Unsupported class type.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Profile' })).toBeVisible();
  });
});

test.describe('leaderboards (spec 03 §2, DECISIONS §2/§4)', () => {
  test('two players see each other ranked by adventures completed, with usernames', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signedIn(page);
    const usernameA = ((await (await page.request.get('/api/me')).json()) as { username: string }).username;
    const nameA = `Aldo${suffix()}`;
    const a = await createCharacterViaApi(page, { name: nameA, race: 'human', class: 'warrior', gender: 'male' });

    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await signedIn(pageB);
    const usernameB = ((await (await pageB.request.get('/api/me')).json()) as { username: string }).username;
    const nameB = `Bryn${suffix()}`;
    const b = await createCharacterViaApi(pageB, { name: nameB, race: 'dwarf', class: 'rogue', gender: 'female' });

    // Adventures count whether won or lost: A completes two, B one.
    let runsA = 0;
    await adventureUntil(page, a.id, async () => runsA++ >= 2, 60_000);
    let runsB = 0;
    await adventureUntil(pageB, b.id, async () => runsB++ >= 1, 60_000);

    for (const viewer of [page, pageB]) {
      await viewer.goto('/leaderboards');
      await expect(viewer.getByRole('heading', { name: 'Leaderboards', level: 1 })).toBeVisible();
      await viewer.getByRole('tab', { name: 'Adventures' }).click();
      const table = viewer.getByRole('table', { name: /^Adventures leaderboard/ });
      for (const header of ['Rank', 'Character', 'Class', 'Level', 'Quests']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
      const rowA = table.getByRole('row').filter({ hasText: nameA });
      const rowB = table.getByRole('row').filter({ hasText: nameB });
      await expect(rowA).toContainText(usernameA);
      await expect(rowB).toContainText(usernameB);
      await expect(rowA.getByRole('cell').last()).toHaveText('2');
      await expect(rowB.getByRole('cell').last()).toHaveText('1');
      const rankA = Number(await rowA.getAttribute('data-rank'));
      const rankB = Number(await rowB.getAttribute('data-rank'));
      expect(rankA).toBeLessThan(rankB);
      const names = await table.getByRole('row').allInnerTexts();
      expect(names.findIndex((t) => t.includes(nameA))).toBeLessThan(names.findIndex((t) => t.includes(nameB)));
      await expect(viewer.getByText('Leaderboards show characters from all players.')).toBeVisible();
    }
    await contextB.close();

    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByText('Leaderboards Refreshed')).toBeVisible();
  });
});
