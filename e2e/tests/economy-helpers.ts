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

/**
 * Sends the character on level-1 forest adventures (3 s each at RPG_TIME_SCALE=20), one after the
 * other, until `done()` holds; fails when `budgetMs` runs out first. Returns the number of adventures.
 */
export async function adventureUntil(page: Page, characterId: string, done: () => Promise<boolean>, budgetMs: number): Promise<number> {
  const deadline = Date.now() + budgetMs;
  let adventures = 0;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`goal not reached after ${adventures} adventures in ${budgetMs / 1000} s`);
    const lines = await consoleLine(page, characterId, '/forest 1');
    expect(lines.map((line) => line.kind)).toContain('adventure-start');
    adventures += 1;
    await page.waitForTimeout(3_000);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/characters/${characterId}/adventure`);
          return ((await res.json()) as { current: unknown }).current;
        },
        { timeout: 20_000, intervals: [250, 500] },
      )
      .toBeNull();
  }
  return adventures;
}
