/** Spec 02 §5 "Chips", §8 "Chips", §9 "Currency and chips": buying and cashing out casino chips. */
import { copper, type Copper } from '../currency/copper.ts';
import { RuleError } from '../errors.ts';

/** Spec 02 §9: 1 copper = 1 chip; chips are bought in multiples of 100. */
export const CHIP_PRICE_COPPER = 1;
export const CHIP_PURCHASE_STEP = 100;
/** Spec 02 §2: the presets of the Buy and Cash Out dialogs. */
export const CHIP_PRESETS: readonly number[] = [100, 500, 1000, 5000, 10000];

/** The part of a character the chip rules read and change. */
export interface ChipWallet {
  /** Total funds in copper (DECISIONS §3). */
  copper: Copper;
  casinoChips: number;
}

/**
 * Why a chip purchase or cash-out cannot go ahead: the toast title and the spec's words
 * (spec 02 §5 "Chips", §8 "Chips"). The one source of these texts for the console, the
 * chip routes and the web dialogs.
 */
export interface ChipRefusal {
  code: 'invalid_chip_amount' | 'insufficient_funds' | 'insufficient_chips';
  title: string;
  message: string;
}

/** Spec 02 §5: 'Not enough currency' (You need X to buy N chips). */
export function notEnoughCurrency(amount: number): ChipRefusal {
  return { code: 'insufficient_funds', title: 'Not enough currency', message: `You need ${amount * CHIP_PRICE_COPPER} copper to buy ${amount} chips.` };
}

/** Spec 02 §5: a positive whole multiple of 100, no more than the funds in copper; null when it may go ahead. */
export function buyChipsRefusal(amount: number, funds: number): ChipRefusal | null {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount % CHIP_PURCHASE_STEP !== 0) {
    return { code: 'invalid_chip_amount', title: 'Invalid amount', message: 'Please enter a positive chip amount in multiples of 100' };
  }
  return amount * CHIP_PRICE_COPPER > funds ? notEnoughCurrency(amount) : null;
}

/** Spec 02 §5: a positive whole number of chips, no more than those held; null when it may go ahead. */
export function cashOutRefusal(amount: number, held: number): ChipRefusal | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return { code: 'invalid_chip_amount', title: 'Invalid amount', message: 'Please enter a positive chip amount to cash out' };
  }
  if (amount > held) {
    return { code: 'insufficient_chips', title: 'Not enough chips', message: `You only have ${held} chips available to cash out` };
  }
  return null;
}

/**
 * A refusal as the console says it (spec 02 §8: 'Error: Not enough currency. You need N
 * copper to buy N chips.') or as the dialogs say it (the title as the toast title, the
 * words as its description).
 */
export function chipRefusalError(refusal: ChipRefusal, where: 'console' | 'dialog' = 'console'): RuleError {
  const message = where === 'console' && refusal.code === 'insufficient_funds' ? `Error: ${refusal.title}. ${refusal.message}` : refusal.message;
  return new RuleError(refusal.code, message, { title: refusal.title });
}

/** The line under a dialog's amount field: 'Not enough currency. You need 500 copper to buy 500 chips.' */
export function chipRefusalLine(refusal: ChipRefusal): string {
  return refusal.code === 'insufficient_funds' ? `${refusal.title}. ${refusal.message}` : refusal.message;
}

export interface BuyChipsResult<W extends ChipWallet> {
  state: W;
  chipsBought: number;
  copperSpent: Copper;
  title: string;
  message: string;
}

/**
 * Spec 02 §5 "Chips" / §8 / §9: buys `amount` chips for `amount` copper.
 * The amount must be a positive whole multiple of 100 and no more than the
 * character's funds.
 */
export function buyChips<W extends ChipWallet>(state: W, amount: number): BuyChipsResult<W> {
  const refusal = buyChipsRefusal(amount, state.copper);
  if (refusal) throw chipRefusalError(refusal);
  const cost = amount * CHIP_PRICE_COPPER;
  const copperSpent = copper(cost);
  return {
    state: { ...state, copper: copper(state.copper - cost), casinoChips: state.casinoChips + amount },
    chipsBought: amount,
    copperSpent,
    title: 'Chips Purchased',
    message: `You bought ${amount} casino chips for ${cost} copper.`,
  };
}

/** Spec 02 §9: the player receives floor(95%) of the chips as copper; the fee is the rest. */
export const CASH_OUT_PAYOUT_PERCENT = 95;

export interface CashOutResult<W extends ChipWallet> {
  state: W;
  chipsCashed: number;
  copperReceived: Copper;
  fee: number;
  title: string;
  message: string;
}

/** floor(95% of the chips) in copper, computed in integers. */
export function cashOutPayout(chips: number): Copper {
  return copper(Math.floor((chips * CASH_OUT_PAYOUT_PERCENT) / 100));
}

/**
 * Spec 02 §5 "Chips" / §8 / §9: turns `amount` chips back into copper, less
 * the 5% fee. The amount must be a positive whole number of chips held.
 */
export function cashOutChips<W extends ChipWallet>(state: W, amount: number): CashOutResult<W> {
  const refusal = cashOutRefusal(amount, state.casinoChips);
  if (refusal) throw chipRefusalError(refusal);
  const copperReceived = cashOutPayout(amount);
  const fee = amount - copperReceived;
  return {
    state: { ...state, copper: copper(state.copper + copperReceived), casinoChips: state.casinoChips - amount },
    chipsCashed: amount,
    copperReceived,
    fee,
    title: 'Chips Cashed Out',
    message: `You cashed out ${amount} chips and received ${copperReceived} copper (fee: ${fee} copper).`,
  };
}

/** Spec 02 §2: the poker hint shown when the player has no chips. */
export const NO_CHIPS_HINT = 'You need chips to play poker. Use /buy [amount] to purchase casino chips.';
/** Spec 02 §5: the usage line of /buy without a numeric amount. */
export const BUY_USAGE = 'Usage: /buy [amount] - Purchases the specified amount of casino chips.';
/** The usage line of /cashout without an amount or 'all'. */
export const CASH_OUT_USAGE = 'Usage: /cashout [amount|all] - Cashes out casino chips for copper (5% fee).';
