import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { newEmail, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';

/** GET /api/world's answer (packages/contract world.ts), as far as the test reads it. */
interface World {
  phase: 'day' | 'night';
  hour: number;
  hourUntil: string;
  lands: { id: string; name: string; weatherName: string; night: boolean; underground: boolean; line: string; effect: string }[];
}
interface LauncherLevel {
  level: number;
  winChance: number;
  xpPerHour: number;
  copperPerHour: number;
}

const worldPanel = (page: Page) => page.getByRole('region', { name: 'The World' });
const readWorld = async (page: Page) => (await (await page.request.get('/api/world')).json()) as World;
const phaseText = (w: Pick<World, 'phase' | 'hour'>) => `${w.phase === 'day' ? 'Day' : 'Night'}, world hour ${String(w.hour).padStart(2, '0')}:00`;

async function player(browser: Browser, name: string): Promise<{ page: Page; characterId: string }> {
  const page = await (await browser.newContext()).newPage();
  await signedIn(page, newEmail(name.toLowerCase()));
  const character = await createCharacterViaApi(page, { name, race: 'human', class: 'warrior', gender: 'male' });
  return { page, characterId: character.id };
}

// Time scale 20 (the browser tests' server): a world hour lasts 15 s, a weather spell 90 s, a world day 6 minutes.
test.describe('the living world (issue 42, spec 01 §1 "a dynamic world with weather and day-night cycles")', () => {
  test("the play screen shows day or night, the world hour and each land's weather; the launcher the land's conditions and per-hour figures", async ({
    browser,
  }) => {
    const { page, characterId } = await player(browser, 'Wyll');
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Wyll' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible({ timeout: 30_000 });

    const panel = worldPanel(page);
    const lands = panel.getByRole('list', { name: 'Weather by land' }).getByRole('listitem');
    await expect(lands).toHaveCount(5);
    // The world may turn while the test reads: what the screen shows is the server's world at some read.
    await expect(async () => {
      const world = await readWorld(page);
      await expect(panel.getByLabel('Time of day')).toHaveText(phaseText(world), { timeout: 1000 });
      for (const [i, land] of world.lands.entries()) {
        await expect(lands.nth(i)).toHaveAccessibleName(`${land.line}: ${land.effect}`, { timeout: 1000 });
        await expect(lands.nth(i)).toContainText(`${land.underground ? 'Underground' : land.night ? 'Night' : 'Day'} · ${land.weatherName}`, { timeout: 1000 });
      }
    }).toPass({ timeout: 20_000 });
    await expect(lands.filter({ hasText: 'Caves' })).toContainText('Underground');

    // The launcher: the chosen land's conditions, each level's win chance and its XP and copper per hour.
    const launcher = page.getByRole('region', { name: 'Adventure Chat' }).getByRole('group', { name: 'Adventure launcher' });
    await launcher.getByRole('button', { name: 'Volcano' }).click();
    const menu = page.getByRole('menu', { name: 'Volcano' });
    await expect(async () => {
      const world = await readWorld(page);
      const volcano = world.lands.find((l) => l.id === 'volcano')!;
      await expect(menu.getByRole('note', { name: /^Conditions: / })).toHaveAccessibleName(`Conditions: ${volcano.line}, ${volcano.effect}`, { timeout: 1000 });
      const state = (await (await page.request.get(`/api/characters/${characterId}/adventure`)).json()) as {
        launcher: { locations: { id: string; levels: LauncherLevel[] }[] };
      };
      const level1 = state.launcher.locations.find((l) => l.id === 'volcano')!.levels[0]!;
      expect(level1.xpPerHour).toBeGreaterThan(0);
      const xp = new Intl.NumberFormat('en-US').format(level1.xpPerHour);
      const item = menu.getByRole('menuitem', { name: /^Level 1, 0:03, requires level 1, / });
      await expect(item).toHaveAccessibleName(
        new RegExp(`, ${Math.round(level1.winChance * 100)}% win chance against .+, about ${xp} XP and -?(\\d+g )?(\\d+s )?\\d+c per hour$`),
        { timeout: 1000 },
      );
      await expect(item).toContainText(new RegExp(`${xp} XP/h · -?(\\d+g )?(\\d+s )?\\d+c/h`), { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Escape');

    // The console's adventure line names the land's conditions at setting out.
    await launcher.getByRole('button', { name: 'Forest' }).click();
    await page
      .getByRole('menu', { name: 'Forest' })
      .getByRole('menuitem', { name: /^Level 1,/ })
      .click();
    const start = page.getByRole('region', { name: 'Adventure Chat' }).locator('li[data-kind="adventure-start"]').first();
    await expect(start).toContainText(
      /Wyll sets out for the Forest \(level 1\)\. They will return in 0:0\d\. Forest: (day|night), \w+ \((no effect|win chance -\d+%(, rewards \+15%)?|rewards \+15%)\)\./,
    );
  });

  test('the world turns live for every player, without a reload', async ({ browser }) => {
    const a = await player(browser, 'Orla');
    const b = await player(browser, 'Pell');
    for (const { page } of [a, b]) {
      await page.goto('/play');
      await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible({ timeout: 30_000 });
      await expect(worldPanel(page).getByLabel('Time of day')).toHaveText(/^(Day|Night), world hour \d\d:00$/);
    }
    const shown = await worldPanel(a.page).getByLabel('Time of day').textContent();
    // The next world hour comes within 15 s at time scale 20; both screens follow the push (the query never refetches while live).
    for (const { page } of [a, b]) {
      await expect(worldPanel(page).getByLabel('Time of day')).not.toHaveText(shown ?? '', { timeout: 25_000 });
    }
    await expect(async () => {
      const world = await readWorld(a.page);
      for (const { page } of [a, b]) await expect(worldPanel(page).getByLabel('Time of day')).toHaveText(phaseText(world), { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await a.page.context().close();
    await b.page.context().close();
  });
});
