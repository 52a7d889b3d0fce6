import { copper, type GearItem, type GearSlot, type ItemData, type Tier } from '@rpg/game';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import type { Db } from '../../src/db/client.ts';
import { playerCharacterAttributes, playerCharacterInventory, playerCharacters } from '../../src/db/schema/index.ts';
import type { TestClient } from './client.ts';

/** Test setup writes rows directly (the API has no "give item" or "give money"). */

export function gear(name: string, slot: GearSlot, stats: GearItem['stats'], price: number, tier: Tier = 'common'): GearItem {
  return { kind: 'gear', name, tier, slot, stats, price: copper(price), description: `A test ${slot}.` };
}

export async function giveItem(db: Db, characterId: string, item: ItemData, { quantity = 1, equipped = false } = {}): Promise<string> {
  const [row] = await db.insert(playerCharacterInventory).values({ characterId, itemData: item, quantity, equipped }).returning();
  if (!row) throw new Error('insert failed');
  return row.id;
}

export async function setCopper(db: Db, characterId: string, amount: number): Promise<void> {
  await db.update(playerCharacters).set({ copper: amount }).where(eq(playerCharacters.id, characterId));
}

export async function getCopper(db: Db, characterId: string): Promise<number> {
  const [row] = await db.select({ copper: playerCharacters.copper }).from(playerCharacters).where(eq(playerCharacters.id, characterId));
  return row?.copper ?? -1;
}

export async function setVitals(db: Db, characterId: string, vitals: Partial<typeof playerCharacterAttributes.$inferInsert>): Promise<void> {
  await db.update(playerCharacterAttributes).set(vitals).where(eq(playerCharacterAttributes.characterId, characterId));
}

export async function inventoryRows(db: Db, characterId: string) {
  return db.select().from(playerCharacterInventory).where(eq(playerCharacterInventory.characterId, characterId));
}

export interface Socket {
  messages: Array<Record<string, unknown>>;
  waitFor(type: string, match?: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  close(): void;
}

/** A tab's realtime socket, opened and greeted ('hello'). */
export async function openSocket(baseUrl: string, client: TestClient): Promise<Socket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/realtime`, { headers: { origin: baseUrl, cookie: client.cookieHeader() } });
  const messages: Socket['messages'] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()) as Record<string, unknown>);
    waiters.splice(0).forEach((wake) => wake());
  });
  const socket: Socket = {
    messages,
    close: () => ws.close(),
    waitFor(type, match = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message; got ${JSON.stringify(messages)}`)), 5000);
        const check = () => {
          const found = messages.find((m) => m.type === type && match(m));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
  await socket.waitFor('hello');
  return socket;
}
