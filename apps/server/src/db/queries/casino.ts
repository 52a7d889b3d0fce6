import type { PokerAction, PokerState } from '@rpg/game';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client.ts';
import { prepared } from '../prepared.ts';
import { playerCharacters, pokerGames, type StoredPokerState } from '../schema/index.ts';
import { ownedCharacter } from './columns.ts';

export interface Wallet {
  copper: number;
  casinoChips: number;
}

/**
 * Moves copper and chips of one character by the given amounts in one conditional
 * update: it matches only while neither would drop below 0, so money is never
 * created or lost by a race. Answers the new wallet, or undefined when refused.
 */
export async function moveWallet(tx: Tx, characterId: string, delta: { copper?: number; chips?: number }): Promise<Wallet | undefined> {
  const dCopper = delta.copper ?? 0;
  const dChips = delta.chips ?? 0;
  const [row] = await tx
    .update(playerCharacters)
    .set({
      copper: sql`${playerCharacters.copper} + ${dCopper}`,
      casinoChips: sql`${playerCharacters.casinoChips} + ${dChips}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(playerCharacters.id, characterId), gte(playerCharacters.copper, -dCopper), gte(playerCharacters.casinoChips, -dChips)))
    .returning({ copper: playerCharacters.copper, casinoChips: playerCharacters.casinoChips });
  return row;
}

/** The hand as stored: the rules' state, the seed and the actions played so far. */
export interface PokerRecord {
  state: PokerState;
  seed: string;
  actions: PokerAction[];
}

/** The character's poker hand (active or the last finished one), optionally locked until commit. */
export async function getPokerGame(db: DbOrTx, characterId: string, lock = false): Promise<PokerRecord | undefined> {
  const query = db.select().from(pokerGames).where(eq(pokerGames.characterId, characterId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  return { state: gameState(row.state), seed: row.seed, actions: row.state.actions ?? [] };
}

/** The rules' state of a stored hand: the stored state without the actions played. */
export function gameState(stored: StoredPokerState): PokerState {
  const { actions: _actions, ...state } = stored;
  return state;
}

const pokerRead = prepared('poker_view', (db) =>
  db
    .select({ chips: playerCharacters.casinoChips, state: pokerGames.state })
    .from(playerCharacters)
    .leftJoin(pokerGames, eq(pokerGames.characterId, playerCharacters.id))
    .where(ownedCharacter()),
);

/**
 * What GET :id/poker reads, in one statement: the chips not at the table and the stored hand (null
 * when the character never played). Undefined when the character is not the player's.
 */
export async function readPoker(db: DbOrTx, userId: string, characterId: string): Promise<{ chips: number; state: StoredPokerState | null } | undefined> {
  const [row] = await pokerRead(db, { userId, id: characterId });
  return row;
}

/** Stores a hand, replacing the character's previous one. */
export async function savePokerGame(tx: Tx, characterId: string, record: PokerRecord): Promise<void> {
  const state = { ...record.state, actions: record.actions };
  await tx
    .insert(pokerGames)
    .values({ characterId, state, seed: record.seed })
    .onConflictDoUpdate({ target: pokerGames.characterId, set: { state, seed: record.seed, updatedAt: sql`now()` } });
}
