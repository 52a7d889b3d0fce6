import type { ConsoleAnswer, ConsoleMessage as ConsoleLine } from '@rpg/contract';
import type { TestClient } from './client.ts';

/** Types one line in a character's console; answers the lines after the echoed input. */
export async function say(client: TestClient, characterId: string, text: string): Promise<ConsoleAnswer & { lines: ConsoleLine[] }> {
  const res = await client.post<ConsoleAnswer>(`/api/characters/${characterId}/console`, { text });
  if (res.status !== 200) throw new Error(`console ${text}: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body, lines: res.body.messages.slice(1) };
}

/** The contents of the answer's lines of one kind. */
export const linesOf = (answer: { lines: ConsoleLine[] }, kind: string) => answer.lines.filter((l) => l.kind === kind).map((l) => l.content);
