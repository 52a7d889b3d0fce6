import type { ConsoleMessage, ConsoleMessageKind } from '@rpg/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { consoleMessages } from '../schema/index.ts';

/** A line for a character's console. */
export interface ConsoleLine {
  kind: ConsoleMessageKind;
  content: string;
  /** Defaults to 'System' (the character's name for 'user' lines). */
  sender?: string;
}

type StoredMessage = typeof consoleMessages.$inferSelect;

export const toMessageView = (m: StoredMessage): ConsoleMessage => ({
  id: m.id,
  kind: m.kind,
  sender: m.sender,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

/**
 * The one place that adds lines to a character's console (commands, adventures, crafts, the
 * launcher). Inside the caller's transaction; after the commit the caller pushes
 * `queryKeys.console(characterId)` (through `Pusher.invalidate`) so every open tab shows them.
 * Returns the stored lines in order.
 */
export async function writeConsoleLines(tx: DbOrTx, characterId: string, lines: readonly ConsoleLine[]): Promise<ConsoleMessage[]> {
  if (lines.length === 0) return [];
  const stored = await tx
    .insert(consoleMessages)
    .values(lines.map((line) => ({ characterId, kind: line.kind, sender: line.sender ?? 'System', content: line.content })))
    .returning();
  return stored.sort((a, b) => a.id - b.id).map(toMessageView);
}

/** A page of a character's console, oldest first: the newest `limit` lines, or those before the line `before`. */
export async function consolePage(db: DbOrTx, characterId: string, limit: number, before?: number): Promise<{ messages: ConsoleMessage[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(consoleMessages)
    .where(and(eq(consoleMessages.characterId, characterId), before ? lt(consoleMessages.id, before) : undefined))
    .orderBy(desc(consoleMessages.id))
    .limit(limit);
  return { messages: rows.reverse().map(toMessageView), hasMore: rows.length === limit };
}
