import {
  checkNoHandInProgress,
  chipsMovement,
  createRng,
  pokerAct,
  publicPokerView,
  settlePoker,
  startPoker,
  type PokerAction,
  type PokerStep,
  type PublicPokerState,
  type Rng,
} from '@rpg/game';
import type { Tx } from '../db/client.ts';
import { gameState, getPokerGame, moveWallet, savePokerGame } from '../db/queries/casino.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import type { StoredPokerState } from '../db/schema/index.ts';
import { secretSeed } from './seed.ts';

/** The generator of action n of a hand (0 = the deal): seed and action number replay it exactly. */
export function pokerRng(seed: string, action: number): Rng {
  return createRng(`${seed}:${action}`);
}

/**
 * Spec 02 §4 "/poker starts a new game": all of the character's chips go to the table
 * (casino_chips becomes 0) and a new hand is dealt from a fresh seed. Refused while a
 * hand is active. The caller holds the character's row lock.
 */
export async function startPokerGame(tx: Tx, characterId: string, playerName: string, casinoChips: number): Promise<PokerStep> {
  const current = await getPokerGame(tx, characterId, true);
  checkNoHandInProgress(current?.state);
  // 128 random bits: the generator's whole state comes from them (security: no 32-bit deck search).
  const seed = secretSeed();
  const step = startPoker({ playerChips: casinoChips, playerName }, pokerRng(seed, 0));
  if (!(await moveWallet(tx, characterId, { chips: -casinoChips }))) throw new Error('chips changed under the row lock');
  await recordLedger(tx, chipsMovement({ character: characterId }, 'poker_table', casinoChips, { reason: 'poker' }));
  await savePokerGame(tx, characterId, { state: step.state, seed, actions: [] });
  return step;
}

/**
 * One player action on the stored hand (locked): the rule with the rng of (seed, action
 * number), then save. When the hand ends, the chips the player holds go back to
 * casino_chips in the same transaction; the finished hand stays stored for the view.
 */
export async function playPokerAction(tx: Tx, characterId: string, action: PokerAction): Promise<PokerStep & { finished: boolean }> {
  const current = await getPokerGame(tx, characterId, true);
  const actions = current?.actions ?? [];
  const step = pokerAct(current?.state, action, pokerRng(current?.seed ?? '', actions.length + 1));
  if (!current) throw new Error('pokerAct accepted a missing game');
  await savePokerGame(tx, characterId, { state: step.state, seed: current.seed, actions: [...actions, action] });
  const finished = !step.state.isActive;
  if (finished) {
    const won = settlePoker(step.state).playerChips;
    if (!(await moveWallet(tx, characterId, { chips: won }))) throw new Error('settling the poker chips failed');
    await recordLedger(tx, chipsMovement('poker_table', { character: characterId }, won, { reason: 'poker' }));
  }
  return { ...step, finished };
}

/** What the browser may see of the character's stored hand: no deck, no bot cards before the showdown. */
export function pokerView(stored: StoredPokerState | null): PublicPokerState | null {
  return stored ? publicPokerView(gameState(stored)) : null;
}
