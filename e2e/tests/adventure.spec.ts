import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { say } from './console-helpers.ts';

const consolePanel = (page: Page) => page.getByRole('region', { name: 'Adventure Chat' });
const log = (page: Page, filter = 'All') => consolePanel(page).getByRole('log', { name: `${filter} messages` });

test.describe('adventure chat console (spec 02 §2, §4, §5, §8, §9)', () => {
  test('launch a forest adventure, follow the banner, see the outcome on the console and the status card', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Brann', race: 'dwarf', class: 'warrior', gender: 'male' });
    await page.goto('/play');
    await expect(page.getByRole('heading', { name: 'Playing as Brann' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');

    const status = page.getByRole('region', { name: 'Character Status' });
    const health = status.getByRole('progressbar', { name: 'Health' });
    const xp = status.getByRole('progressbar', { name: 'XP' });
    await expect(xp).toHaveAttribute('aria-valuenow', '0');
    const maxHealth = Number(await health.getAttribute('aria-valuemax'));
    await expect(health).toHaveAttribute('aria-valuenow', String(maxHealth));
    await expect(page.getByRole('img', { name: '0 gold, 0 silver, 0 copper' })).toBeVisible();

    // The launcher: five locations, each with levels 1-10 (time scale 20: level 1 lasts 0:03).
    const launcher = consolePanel(page).getByRole('group', { name: 'Adventure launcher' });
    // Spec 02 §2: the buttons read Forest, Desert, Ice, Volcano, Caves.
    for (const place of ['Forest', 'Desert', 'Ice', 'Volcano', 'Caves']) {
      await expect(launcher.getByRole('button', { name: place, exact: true })).toBeVisible();
    }
    await launcher.getByRole('button', { name: 'Forest' }).click();
    const levels = page.getByRole('menu', { name: 'Forest' });
    await expect(levels.getByRole('menuitem')).toHaveCount(10);
    await expect(levels.getByRole('menuitem', { name: /^Level 2, 1:00, locked until player level 10, \d+% win chance/ })).toBeVisible();
    await expect(levels.getByRole('menuitem', { name: /^Level 10, 6:00, locked until player level 50/ })).toBeVisible();

    // A locked level can be chosen; the server refuses it with the spec's level-gate text.
    await levels.getByRole('menuitem', { name: /^Level 2,/ }).click();
    await expect(page.getByText('Level Too Low', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/^You must be at least player level 10 to start Forest adventure level 2\. Reach higher level by adventuring more!$/i),
    ).toBeVisible();
    await expect(consolePanel(page).getByRole('region', { name: 'Current adventure' })).toHaveCount(0);

    await launcher.getByRole('button', { name: 'Forest' }).click();
    await levels.getByRole('menuitem', { name: /^Level 1, 0:03, requires level 1, \d+% win chance against / }).click();

    // The banner counts down while the character is away.
    const banner = consolePanel(page).getByRole('region', { name: 'Current adventure' });
    await expect(banner).toContainText('Brann is on an adventure');
    await expect(banner).toContainText(/They will return in 0:0[0-3]/);
    await expect(banner.getByRole('progressbar', { name: 'Adventure progress' })).toBeVisible();
    await expect(log(page).locator('li[data-kind="adventure-start"]')).toContainText('Brann sets out for the Forest (level 1).');

    // The completion toast, then the banner goes and the outcome is on the console.
    const toast = page.getByText(/^Adventure (Completed|Failed)!$/);
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(banner).toHaveCount(0);
    const outcome = log(page).locator('li[data-kind="adventure-return"]').first();
    await expect(outcome).toContainText(/Victory!|Defeat!/);
    const won = (await outcome.textContent())!.includes('Victory!');
    await expect(page.getByText(won ? 'Adventure Completed!' : 'Adventure Failed!', { exact: true })).toBeVisible();

    const lines = (await log(page).locator('li[data-kind="adventure-return"]').allTextContents()).join(' ');
    if (won) {
      const xpGained = Number(/Rewards: (\d+) XP/.exec(lines)?.[1]);
      expect(xpGained).toBeGreaterThan(0);
      await expect(xp).toHaveAttribute('aria-valuenow', String(xpGained));
      await expect(page.getByRole('img', { name: '0 gold, 0 silver, 0 copper' })).toHaveCount(0);
    } else {
      await expect(health).not.toHaveAttribute('aria-valuenow', String(maxHealth));
    }
    const left = /\((\d+)\/(\d+)(?: health)?\)/.exec(lines);
    expect(left).not.toBeNull();
    await expect(health).toHaveAttribute('aria-valuenow', left![1]!);
  });

  test('without pushes the countdown still brings the outcome: the read at 0:00 settles the adventure', async ({ page }) => {
    // The socket is answered by a stand-in that never pushes anything.
    await page.routeWebSocket(/\/api\/realtime/, () => undefined);
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Kestrel', race: 'human', class: 'rogue', gender: 'female' });
    await page.goto('/play');
    const xp = page.getByRole('region', { name: 'Character Status' }).getByRole('progressbar', { name: 'XP' });
    const health = page.getByRole('region', { name: 'Character Status' }).getByRole('progressbar', { name: 'Health' });
    await expect(xp).toHaveAttribute('aria-valuenow', '0');

    await consolePanel(page).getByRole('group', { name: 'Adventure launcher' }).getByRole('button', { name: 'Forest' }).click();
    await page
      .getByRole('menu', { name: 'Forest' })
      .getByRole('menuitem', { name: /^Level 1,/ })
      .click();
    await expect(consolePanel(page).getByRole('region', { name: 'Current adventure' })).toContainText('Kestrel is on an adventure');
    await expect(log(page).locator('li[data-kind="adventure-start"]')).toContainText('Kestrel sets out for the Forest (level 1).');

    await expect(page.getByText(/^Adventure (Completed|Failed)!$/)).toBeVisible({ timeout: 20_000 });
    await expect(consolePanel(page).getByRole('region', { name: 'Current adventure' })).toHaveCount(0);
    const lines = log(page).locator('li[data-kind="adventure-return"]');
    await expect(lines.first()).toContainText(/Victory!|Defeat!/);
    const text = (await lines.allTextContents()).join(' ');
    const left = /\((\d+)\/(\d+)(?: health)?\)/.exec(text);
    await expect(health).toHaveAttribute('aria-valuenow', left![1]!);
    if (text.includes('Victory!')) await expect(xp).toHaveAttribute('aria-valuenow', /Rewards: (\d+) XP/.exec(text)![1]!);
  });

  test('commands, plain text, filters, reload and the command history', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Lyra', race: 'elf', class: 'mage', gender: 'female' });
    await page.goto('/play');
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');

    // The Commands toggle shows the server's /help answer (asked for once).
    await consolePanel(page).getByRole('button', { name: 'Commands' }).click();
    const commands = consolePanel(page).getByRole('region', { name: 'Available commands' });
    await expect(commands.getByRole('button', { name: /^\/roll \[NdM\]/ })).toBeVisible();
    await expect(commands.getByRole('button', { name: /^\/forest \[level\]/ })).toBeVisible();
    await commands.getByRole('button', { name: /^\/roll \[NdM\]/ }).click();
    await expect(page.getByRole('textbox', { name: 'Console input' })).toHaveValue('/roll ');
    await consolePanel(page).getByRole('button', { name: 'Commands' }).click();
    await expect(commands).toHaveCount(0);

    await say(page, '/help');
    await expect(log(page).locator('li[data-kind="system"]').last()).toContainText('Available commands:');
    await expect(log(page).locator('li[data-kind="system"]').last()).toContainText('/roll [NdM]');

    await say(page, '/roll 2d6');
    await expect(log(page).locator('li[data-kind="roll"]')).toContainText(/Lyra rolls 2d6: \d \+ \d = \d+\./);

    await say(page, '/foo');
    await expect(log(page).locator('li[data-kind="error"]')).toHaveText(/Unknown command: \/foo\. Type \/help for available commands\./);

    await say(page, 'Well met, travellers');
    const mine = log(page).locator('li[data-kind="user"]').last();
    await expect(mine).toContainText('Well met, travellers');
    await expect(mine).toContainText('Lyra');

    // Empty input is ignored.
    const before = await log(page).getByRole('listitem').count();
    await page.getByRole('textbox', { name: 'Console input' }).fill('   ');
    await page.getByRole('textbox', { name: 'Console input' }).press('Enter');
    await expect(log(page).getByRole('listitem')).toHaveCount(before);

    // The history is the server's: it survives a reload.
    await page.reload();
    await expect(log(page)).toContainText('Well met, travellers');
    await expect(log(page)).toContainText('Unknown command: /foo. Type /help for available commands.');
    await expect(log(page).locator('li[data-kind="roll"]')).toHaveCount(1);

    // Rolls shows only the rolls.
    await say(page, '/roll');
    await consolePanel(page).getByRole('tab', { name: 'Rolls' }).click();
    const rolls = log(page, 'Rolls');
    await expect(rolls.getByRole('listitem')).toHaveCount(2);
    await expect(rolls.locator('li:not([data-kind="roll"])')).toHaveCount(0);
    await expect(rolls.getByRole('listitem').last()).toContainText(/Lyra rolls 1d20: \d+\./);
    await consolePanel(page).getByRole('tab', { name: 'Poker' }).click();
    await expect(log(page, 'Poker')).toContainText('No poker messages yet.');
    await consolePanel(page).getByRole('tab', { name: 'All' }).click();

    // Up and Down walk the command history, kept on this device.
    const input = page.getByRole('textbox', { name: 'Console input' });
    await input.fill('half');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('/roll');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('Well met, travellers');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('half');
    await page.reload();
    await input.press('ArrowUp');
    await expect(input).toHaveValue('/roll');
  });
});
