import { expect, type Page } from '@playwright/test';
import { BASE_URL } from '../support/game.ts';

export interface OfferJson {
  offerId: string;
  price: number;
  sold: boolean;
  equipped?: boolean;
  item: { name: string; kind?: string; slot?: string; stats?: Record<string, number>; target?: string };
}

export interface StoreJson {
  nextRefresh: string;
  sections: { gear: OfferJson[]; potions: OfferJson[]; food: OfferJson[]; backpacks: OfferJson[] };
  wallet: { copper: number };
}

export interface EntryJson {
  id: string;
  quantity: number;
  equipped: boolean;
  unitSellValue: number;
  item: { name: string };
}

export interface InventoryJson {
  entries: EntryJson[];
  effective: { attack: number; defense: number; speed: number; maxHealth: number };
}

const headers = { origin: BASE_URL };

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `GET ${path}`).toBe(true);
  return (await res.json()) as T;
}

export const readStore = (page: Page, id: string) => getJson<StoreJson>(page, `/api/characters/${id}/store`);
export const readInventory = (page: Page, id: string) => getJson<InventoryJson>(page, `/api/characters/${id}/inventory`);

export async function readCopper(page: Page, id: string): Promise<number> {
  const { characters } = await getJson<{ characters: { id: string; copper: number }[] }>(page, '/api/characters');
  return characters.find((character) => character.id === id)?.copper ?? 0;
}

/**
 * Earns copper as a player does, with level-1 forest adventures from the console (3 s each at
 * the e2e time scale; a win pays 11-13 copper at level 1: COPPER_BASE in packages/game), until the
 * character has `target`.
 */
/** Enough level-1 wins for 100 copper (the auction's asking price) with defeats among them. */
const MAX_RUNS = 30;

export async function earnCopper(page: Page, id: string, target: number): Promise<number> {
  for (let run = 0; run < MAX_RUNS; run++) {
    const copper = await readCopper(page, id);
    if (copper >= target) return copper;
    const res = await page.request.post(`/api/characters/${id}/console`, { data: { text: '/forest 1' }, headers });
    expect(res.ok(), 'POST /console /forest 1').toBe(true);
    const { messages } = (await res.json()) as { messages: { kind: string; content: string }[] };
    const refused = messages.find((message) => message.kind === 'error');
    expect(refused?.content, 'the /forest command starts an adventure').toBeUndefined();
    // Reading the adventure settles it once it is due.
    await expect
      .poll(async () => (await getJson<{ current: unknown }>(page, `/api/characters/${id}/adventure`)).current, { timeout: 15_000, intervals: [1_000] })
      .toBeNull();
  }
  throw new Error(`could not earn ${target} copper in ${MAX_RUNS} adventures`);
}

/** Copper a weapon may cost: a common item (5-20c), not an uncommon one (5s and up). */
const WEAPON_BUDGET = 50;

/** The weapon to buy: a cheap main-hand item if any, else the cheapest gear with attack, else the cheapest gear. */
export function pickWeapon(store: StoreJson): OfferJson {
  const byPrice = [...store.sections.gear].sort((a, b) => a.price - b.price);
  const cheap = byPrice.filter((offer) => offer.price <= WEAPON_BUDGET);
  const pick = cheap.find((offer) => offer.item.slot === 'mainHand') ?? cheap.find((offer) => (offer.item.stats?.attack ?? 0) > 0) ?? byPrice[0];
  if (!pick) throw new Error('the store has no gear');
  return pick;
}
