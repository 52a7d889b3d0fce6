import type { ConsoleAnswer, ConsoleMessage } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { characterAdventures, consoleMessages, playerCharacterAttributes, playerCharacters } from '../../src/db/schema/index.ts';
import type { TestClient } from './client.ts';

/** Types one line in the character's console. */
export async function say(client: TestClient, characterId: string, text: string): Promise<ConsoleAnswer> {
  const res = await client.post<ConsoleAnswer>(`/api/characters/${characterId}/console`, { text });
  if (res.status !== 200) throw new Error(`console failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The answer's lines after the echoed user line. */
export const replies = (answer: ConsoleAnswer) => answer.messages.filter((m) => m.kind !== 'user');

export async function history(client: TestClient, characterId: string): Promise<ConsoleMessage[]> {
  const res = await client.get<{ messages: ConsoleMessage[] }>(`/api/characters/${characterId}/console`);
  if (res.status !== 200) throw new Error(`history failed: ${res.status}`);
  return res.body.messages;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `read` returns something truthy (never through a route that settles, unless the caller chooses one). */
export async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(25);
  }
}

export async function characterRow(db: Db, id: string) {
  const [row] = await db.select().from(playerCharacters).where(eq(playerCharacters.id, id));
  if (!row) throw new Error(`no character ${id}`);
  return row;
}

export async function attributesRow(db: Db, id: string) {
  const [row] = await db.select().from(playerCharacterAttributes).where(eq(playerCharacterAttributes.characterId, id));
  if (!row) throw new Error(`no attributes ${id}`);
  return row;
}

export const adventuresOf = (db: Db, characterId: string) => db.select().from(characterAdventures).where(eq(characterAdventures.characterId, characterId));

export const storedLines = (db: Db, characterId: string) =>
  db.select().from(consoleMessages).where(eq(consoleMessages.characterId, characterId)).orderBy(consoleMessages.id);
