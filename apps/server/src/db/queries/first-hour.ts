import type { AwaySummary } from '@rpg/contract';
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { characterAdventures, directMessages, ledgerEntries, playerCharacters, playerFirstHour } from '../schema/index.ts';

/** The player's first-hour row (issue 44), or undefined before the first step or visit. */
export async function readFirstHour(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(playerFirstHour).where(eq(playerFirstHour.userId, userId));
  return row;
}

/** Makes the player's row when missing (idempotent). */
export async function ensureFirstHour(tx: DbOrTx, userId: string): Promise<void> {
  await tx.insert(playerFirstHour).values({ userId }).onConflictDoNothing();
}

/** Adds a step once: the steps after it, or null when it was there already (a racing transaction added it first). */
export async function addFirstStep(tx: Tx, userId: string, step: string): Promise<string[] | null> {
  await ensureFirstHour(tx, userId);
  const rows = await tx
    .update(playerFirstHour)
    .set({ steps: sql`array_append(${playerFirstHour.steps}, ${step})` })
    .where(and(eq(playerFirstHour.userId, userId), sql`not (${step} = any(${playerFirstHour.steps}))`))
    .returning({ steps: playerFirstHour.steps });
  return rows[0]?.steps ?? null;
}

/** The character that receives a step's reward, locked as a copper change locks it (before the first-hour row). */
export async function lockRewardedCharacter(tx: Tx, characterId: string): Promise<boolean> {
  const rows = await tx.select({ id: playerCharacters.id }).from(playerCharacters).where(eq(playerCharacters.id, characterId)).for('no key update');
  return rows.length > 0;
}

export async function creditCopper(tx: Tx, characterId: string, amount: number): Promise<void> {
  await tx
    .update(playerCharacters)
    .set({ copper: sql`${playerCharacters.copper} + ${amount}` })
    .where(eq(playerCharacters.id, characterId));
}

export async function setGuideHidden(db: DbOrTx, userId: string, hidden: boolean): Promise<void> {
  await db
    .insert(playerFirstHour)
    .values({ userId, guideHidden: hidden })
    .onConflictDoUpdate({ target: playerFirstHour.userId, set: { guideHidden: hidden } });
}

/** The away card was seen up to `at` (never moved back). */
export async function markAwaySeen(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(playerFirstHour)
    .values({ userId, awaySeenAt: at })
    .onConflictDoUpdate({ target: playerFirstHour.userId, set: { awaySeenAt: sql`greatest(${playerFirstHour.awaySeenAt}, excluded.away_seen_at)` } });
}

/**
 * Issue 44 point 5: what settled for a character between `since` and `until`: its adventures
 * (won, lost, XP and levels from their stored outcomes), its copper and items in and out, its
 * auction sales and gifts (the ledger), and the direct messages its player received.
 */
export async function awaySummary(db: DbOrTx, userId: string, characterId: string, since: Date, until: Date): Promise<AwaySummary> {
  const inRange = (at: SQL | AnyColumn) => sql`${at} > ${since.toISOString()}::timestamptz and ${at} <= ${until.toISOString()}::timestamptz`;
  const num = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int`.mapWith(Number);
  const l = ledgerEntries;
  const [adventures, money, items, messages] = await Promise.all([
    db
      .select({
        won: num(sql`count(*) filter (where (${characterAdventures.outcome}->>'won')::boolean)`),
        lost: num(sql`count(*) filter (where not (${characterAdventures.outcome}->>'won')::boolean)`),
        xp: num(sql`sum((${characterAdventures.outcome}->>'xpGained')::int)`),
        levels: num(sql`sum((${characterAdventures.outcome}->>'levelsGained')::int)`),
      })
      .from(characterAdventures)
      .where(and(eq(characterAdventures.characterId, characterId), eq(characterAdventures.completed, true), inRange(characterAdventures.completedAt))),
    db
      .select({
        copperIn: num(sql`sum(${l.amount}) filter (where ${l.toCharacterId} = ${characterId})`),
        copperOut: num(sql`sum(${l.amount}) filter (where ${l.fromCharacterId} = ${characterId})`),
        sales: num(sql`count(distinct ${l.causeId}) filter (where ${l.reason} = 'auction_sale' and ${l.toCharacterId} = ${characterId})`),
        salesCopper: num(sql`sum(${l.amount}) filter (where ${l.reason} = 'auction_sale' and ${l.toCharacterId} = ${characterId})`),
        gifts: num(sql`count(distinct ${l.causeId}) filter (where ${l.reason} = 'gift' and ${l.toCharacterId} = ${characterId})`),
      })
      .from(l)
      .where(
        and(
          eq(l.asset, 'copper'),
          or(eq(l.toCharacterId, characterId), eq(l.fromCharacterId, characterId)),
          sql`${l.toCharacterId} is distinct from ${l.fromCharacterId}`,
          inRange(l.at),
        ),
      ),
    db
      .select({ name: l.itemName, into: sql<boolean>`${l.toCharacterId} = ${characterId}`, quantity: num(sql`sum(${l.amount})`) })
      .from(l)
      .where(
        and(
          eq(l.asset, 'item'),
          or(eq(l.toCharacterId, characterId), eq(l.fromCharacterId, characterId)),
          sql`${l.toCharacterId} is distinct from ${l.fromCharacterId}`,
          inRange(l.at),
        ),
      )
      .groupBy(l.itemName, sql`2`)
      .orderBy(l.itemName),
    db
      .select({ count: num(sql`count(*)`) })
      .from(directMessages)
      .where(and(eq(directMessages.receiverId, userId), inRange(directMessages.createdAt))),
  ]);
  const a = adventures[0];
  const m = money[0];
  const line = (row: (typeof items)[number]) => ({ name: row.name ?? '', quantity: row.quantity });
  return {
    won: a?.won ?? 0,
    lost: a?.lost ?? 0,
    xp: a?.xp ?? 0,
    levels: a?.levels ?? 0,
    copperIn: m?.copperIn ?? 0,
    copperOut: m?.copperOut ?? 0,
    itemsIn: items.filter((row) => row.into).map(line),
    itemsOut: items.filter((row) => !row.into).map(line),
    sales: m?.sales ?? 0,
    salesCopper: m?.salesCopper ?? 0,
    gifts: m?.gifts ?? 0,
    messages: messages[0]?.count ?? 0,
  };
}
