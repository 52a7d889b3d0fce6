import { buyChips, cashOutChips, chipRefusalError, chipsMovement, copper, copperMovement, isRuleError, notEnoughCurrency, type Copper } from '@rpg/game';
import type { Tx } from '../db/client.ts';
import { getCharacterForUpdate } from '../db/queries/characters.ts';
import { moveWallet, type Wallet } from '../db/queries/casino.ts';
import { recordLedger } from '../db/queries/ledger.ts';
import { found } from './characters.ts';

export interface ChipMove {
  wallet: Wallet;
  title: string;
  message: string;
}

async function lockedWallet(tx: Tx, userId: string, characterId: string): Promise<{ copper: Copper; casinoChips: number }> {
  const { character } = found(await getCharacterForUpdate(tx, userId, characterId));
  return { copper: copper(character.copper), casinoChips: character.casinoChips };
}

/** Saves what a chip rule decided; the row is locked, so a refusal here is a bug. */
async function save(tx: Tx, characterId: string, delta: { copper: number; chips: number }): Promise<Wallet> {
  const wallet = await moveWallet(tx, characterId, delta);
  if (!wallet) throw new Error(`chip move ${JSON.stringify(delta)} refused under the row lock`);
  return wallet;
}

/** Spec 02 §5/§9: copper -> chips, 1:1, multiples of 100. Locks the character; call in a transaction. */
export async function buyChipsFor(tx: Tx, userId: string, characterId: string, amount: number): Promise<ChipMove> {
  const result = buyChips(await lockedWallet(tx, userId, characterId), amount);
  const wallet = await save(tx, characterId, { copper: -result.copperSpent, chips: result.chipsBought });
  const why = { reason: 'chips_buy' } as const;
  await recordLedger(tx, [
    ...copperMovement({ character: characterId }, 'cashier', result.copperSpent, why),
    ...chipsMovement('cashier', { character: characterId }, result.chipsBought, why),
  ]);
  return { wallet, title: result.title, message: result.message };
}

/** Spec 02 §5/§9: chips -> floor(95%) copper. Locks the character; call in a transaction. */
export async function cashOutChipsFor(tx: Tx, userId: string, characterId: string, amount: number): Promise<ChipMove> {
  const result = cashOutChips(await lockedWallet(tx, userId, characterId), amount);
  const wallet = await save(tx, characterId, { copper: result.copperReceived, chips: -result.chipsCashed });
  const why = { reason: 'chips_sell' } as const;
  await recordLedger(tx, [
    ...chipsMovement({ character: characterId }, 'cashier', result.chipsCashed, why),
    ...copperMovement('cashier', { character: characterId }, result.copperReceived, why),
  ]);
  return { wallet, title: result.title, message: result.message };
}

/**
 * The Buy Chips dialog words the funds refusal as spec 02 §5 does, 'Not enough currency'
 * (You need X to buy N chips); the console keeps the rule's 'Error: Not enough currency. ...'.
 */
export function forDialog(error: unknown, amount: number): unknown {
  if (!isRuleError(error) || error.code !== 'insufficient_funds') return error;
  return chipRefusalError(notEnoughCurrency(amount), 'dialog');
}

/** '/buy 500' -> 500; anything that is not a number -> NaN (the rules refuse 0, negatives and fractions). */
export function parseAmount(arg: string | undefined): number {
  return arg !== undefined && /^[+-]?\d+(\.\d+)?$/.test(arg) ? Number(arg) : Number.NaN;
}
