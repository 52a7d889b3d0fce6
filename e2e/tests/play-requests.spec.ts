import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { worldResponseSchema } from '@rpg/contract';
import { BASE_URL, signedIn } from '../support/game.ts';
import { createCharacterViaApi } from './character-helpers.ts';
import { say } from './console-helpers.ts';

const consolePanel = (page: Page) => page.getByRole('region', { name: 'Adventure Chat' });
const log = (page: Page) => consolePanel(page).getByRole('log', { name: 'All messages' });

/** The HTTP requests the page sends to the game API from now on (the socket is not one). */
function countApiRequests(page: Page): { requests: string[] } {
  const seen = { requests: [] as string[] };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/realtime') seen.requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/**
 * Waits, if play's conditions turn within the next 20 s, until just after they have (issue 42: at
 * time scale 20 a land's weather can turn every 90 s, and the launcher then refetches its figures,
 * a read that is the world's, not the adventure's).
 */
async function awayFromAWorldTurn(page: Page): Promise<void> {
  const world = worldResponseSchema.parse(await (await page.request.get('/api/world')).json());
  const turnIn = Date.parse(world.nextChangeAt) - Date.now();
  if (turnIn < 20_000) {
    await page.waitForTimeout(Math.max(0, turnIn) + 3_000);
    await page.waitForLoadState('networkidle');
  }
}

test.describe('the /play console under the request limits (issue 27 point 1)', () => {
  test('one adventure, from the launcher to the outcome, costs at most 6 requests', async ({ page }) => {
    await signedIn(page);
    await createCharacterViaApi(page, { name: 'Tally', race: 'human', class: 'warrior', gender: 'male' });
    await page.goto('/play');
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');
    // Let the page's first reads settle before counting.
    await page.waitForLoadState('networkidle');
    await awayFromAWorldTurn(page);

    const seen = countApiRequests(page);
    await consolePanel(page).getByRole('group', { name: 'Adventure launcher' }).getByRole('button', { name: 'Forest' }).click();
    await page
      .getByRole('menu', { name: 'Forest' })
      .getByRole('menuitem', { name: /^Level 1,/ })
      .click();
    await expect(log(page).locator('li[data-kind="adventure-start"]')).toContainText('Tally sets out for the Forest (level 1).');
    await expect(page.getByText(/^Adventure (Completed|Failed)!$/)).toBeVisible({ timeout: 20_000 });
    await expect(log(page).locator('li[data-kind="adventure-return"]').first()).toContainText(/Victory!|Defeat!/);
    await page.waitForTimeout(2_000);
    console.log(`requests of one adventure (${seen.requests.length}):\n  ${seen.requests.join('\n  ')}`);
    // The account's first adventure also checks off a first step (issue 44): one read of the guide, once.
    expect(seen.requests.filter((r) => r === 'GET /api/first-steps')).toHaveLength(1);
    expect(seen.requests.filter((r) => r !== 'GET /api/first-steps').length).toBeLessThanOrEqual(6);
  });

  test('a refused read shows in the console with when it is tried again, and the console resumes', async ({ page }) => {
    await signedIn(page);
    const hero = await createCharacterViaApi(page, { name: 'Wren', race: 'elf', class: 'rogue', gender: 'female' });
    await page.goto('/play');
    await expect(page.getByRole('img', { name: 'Live updates: connected' })).toBeVisible();
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');

    // The next read of the console is refused as the server's limiter refuses (429, Retry-After, its message).
    let refuse = true;
    await page.route(`**/api/characters/${hero.id}/console`, async (route) => {
      if (route.request().method() === 'GET' && refuse) {
        refuse = false;
        await route.fulfill({
          status: 429,
          headers: { 'retry-after': '3', 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests. Please slow down and try again in a moment.' }),
        });
        return;
      }
      await route.fallback();
    });
    // A line typed in another tab: its push makes this tab read the console, and that read is refused.
    const res = await page.request.post(`/api/characters/${hero.id}/console`, { data: { text: 'Hello from the other tab' }, headers: { origin: BASE_URL } });
    expect(res.ok()).toBe(true);

    const refusal = consolePanel(page).getByRole('alert');
    await expect(refusal).toHaveText(/^Too many requests\. Please slow down and try again in a moment\. Updates resume in [1-3] s\.$/);
    expect(refuse).toBe(false);
    // When the wait is over the console reads again by itself: the line arrives and the notice goes.
    await expect(log(page)).toContainText('Hello from the other tab', { timeout: 8_000 });
    await expect(refusal).toHaveCount(0);
  });

  test('a refused line says in the console when the player may send again', async ({ page }) => {
    await signedIn(page);
    const hero = await createCharacterViaApi(page, { name: 'Bram', race: 'human', class: 'warrior', gender: 'male' });
    await page.goto('/play');
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');
    let refuse = true;
    await page.route(`**/api/characters/${hero.id}/console`, async (route) => {
      if (route.request().method() === 'POST' && refuse) {
        refuse = false;
        await route.fulfill({
          status: 429,
          headers: { 'retry-after': '4', 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests. Please slow down and try again in a moment.' }),
        });
        return;
      }
      await route.fallback();
    });
    const input = page.getByRole('textbox', { name: 'Console input' });
    await input.fill('/roll');
    await input.press('Enter');
    const refusal = consolePanel(page).getByRole('alert');
    await expect(refusal).toHaveText(/^Too many requests\. Please slow down and try again in a moment\. You can send again in [1-4] s\.$/);
    // The line stays in the input; once the wait is over it goes through.
    await expect(input).toHaveValue('/roll');
    await expect(refusal).toHaveCount(0, { timeout: 8_000 });
    await say(page, '/roll');
    await expect(log(page).locator('li[data-kind="roll"]')).toContainText(/Bram rolls 1d20: \d+\./);
  });
});

test.describe('the console while the game is briefly unavailable (issue 49; issue 46, finding 12)', () => {
  test('a line is sent again by itself after a 503 and after a lost answer, with one key, and is done once', async ({ page }) => {
    await signedIn(page);
    const hero = await createCharacterViaApi(page, { name: 'Odo', race: 'human', class: 'warrior', gender: 'male' });
    await page.goto('/play');
    await expect(log(page)).toContainText('No messages yet. Type a command or message to get started.');
    const keys: string[] = [];
    await page.route(`**/api/characters/${hero.id}/console`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      // First the database is away (the server's 503); then the line reaches the server but its answer is lost.
      if (keys.length === 1) {
        return route.fulfill({
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/json' },
          body: JSON.stringify({
            error: 'database_unavailable',
            message: 'The game is briefly unavailable (its database is not answering). Please try again in a moment.',
          }),
        });
      }
      if (keys.length === 2) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    const input = page.getByRole('textbox', { name: 'Console input' });
    await input.fill('Is anyone there?');
    await input.press('Enter');
    await expect(page.getByText('The game is briefly unavailable (its database is not answering). Please try again in a moment.')).toBeVisible();
    const line = log(page).locator('li[data-kind="user"]', { hasText: 'Is anyone there?' });
    // The third attempt is answered what the second did (its push may show the line before).
    await expect.poll(() => keys.length, { timeout: 15_000 }).toBe(3);
    await expect(line).toHaveCount(1);
    await expect(consolePanel(page).getByRole('alert')).toHaveCount(0);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    // Stored once: the retry with the same key was answered the first answer.
    await page.reload();
    await expect(line).toHaveCount(1);
  });
});
