import { expect, type Page } from '@playwright/test';
import { BASE_URL } from '../support/game.ts';

/** What the economy tests read of GET /api/characters/:id/inventory. */
export interface InventoryEntry {
  id: string;
  item: { kind: string; name: string };
  quantity: number;
  equipped: boolean;
}
export interface Inventory {
  entries: InventoryEntry[];
  used: number;
  capacity: number;
}

const headers = { origin: BASE_URL };

export async function copperOf(page: Page, characterId: string): Promise<number> {
  const res = await page.request.get('/api/characters');
  expect(res.ok()).toBe(true);
  const { characters } = (await res.json()) as { characters: Array<{ id: string; copper: number }> };
  const character = characters.find((candidate) => candidate.id === characterId);
  if (!character) throw new Error(`character ${characterId} not in the list`);
  return character.copper;
}

export async function inventoryOf(page: Page, characterId: string): Promise<Inventory> {
  const res = await page.request.get(`/api/characters/${characterId}/inventory`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Inventory;
}

/** How many of an item the backpack holds (all its unequipped stacks). */
export function countOf(inventory: Inventory, name: string): number {
  return inventory.entries.filter((entry) => !entry.equipped && entry.item.name === name).reduce((sum, entry) => sum + entry.quantity, 0);
}

/** Types a line in the character's console, as the console panel does. */
export async function consoleLine(page: Page, characterId: string, text: string): Promise<Array<{ kind: string; content: string }>> {
  const res = await page.request.post(`/api/characters/${characterId}/console`, { data: { text }, headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { messages: Array<{ kind: string; content: string }> }).messages;
}

/** The items an adventure's outcome lists (GET /api/characters/:id/adventure, lastOutcome). */
export interface AdventureOutcome {
  won: boolean;
  items: Array<{ name: string; quantity: number }>;
  leftBehind: Array<{ name: string; quantity: number }>;
}

/**
 * One level-1 forest adventure (3 s at RPG_TIME_SCALE=20), typed in the console as a player does,
 * waited for until the server has settled it. Returns how it ended.
 */
export async function forestAdventure(page: Page, characterId: string): Promise<AdventureOutcome> {
  const lines = await consoleLine(page, characterId, '/forest 1');
  expect(lines.map((line) => line.kind)).toContain('adventure-start');
  await page.waitForTimeout(3_000);
  let outcome: AdventureOutcome | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/characters/${characterId}/adventure`);
        const state = (await res.json()) as { current: unknown; lastOutcome?: AdventureOutcome };
        outcome = state.lastOutcome;
        return state.current;
      },
      { timeout: 20_000, intervals: [250, 500] },
    )
    .toBeNull();
  if (!outcome) throw new Error('the settled adventure has no outcome');
  return outcome;
}

/**
 * Development only (the e2e server runs with DEV_GRANTS=1): puts crafting materials in the
 * character's backpack, so a test does not depend on random forest drops.
 */
export async function grantMaterials(page: Page, characterId: string, materialId: string, quantity: number): Promise<void> {
  const res = await page.request.post(`/api/dev/characters/${characterId}/materials`, { data: { materialId, quantity }, headers });
  expect(res.ok()).toBe(true);
  expect(await res.json()).toEqual({ added: quantity, leftBehind: 0 });
}

/**
 * Sends the character on level-1 forest adventures (3 s each at RPG_TIME_SCALE=20), one after the
 * other, until `done()` holds; fails when `budgetMs` runs out first. Returns the number of adventures.
 */
export async function adventureUntil(page: Page, characterId: string, done: () => Promise<boolean>, budgetMs: number): Promise<number> {
  const deadline = Date.now() + budgetMs;
  let adventures = 0;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`goal not reached after ${adventures} adventures in ${budgetMs / 1000} s`);
    await forestAdventure(page, characterId);
    adventures += 1;
  }
  return adventures;
}
