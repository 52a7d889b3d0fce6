import { buyChipsRefusal, CHIP_PURCHASE_STEP, cashOutPayout, cashOutRefusal, chipRefusalLine, copper, formatCoins, toCoins, type Coins } from '@rpg/game';

/**
 * Spec 02 section 5 "Chips": the buy dialog's amount rounds down to a multiple of 100, at least 100.
 * Anything that is not a number becomes the minimum.
 */
export function roundChipAmount(text: string): number {
  const value = Number(text.trim());
  if (!Number.isFinite(value)) return CHIP_PURCHASE_STEP;
  const rounded = Math.floor(value / CHIP_PURCHASE_STEP) * CHIP_PURCHASE_STEP;
  return Math.max(CHIP_PURCHASE_STEP, rounded);
}

/** The most chips the money buys, in multiples of 100 (1 copper a chip). */
export function maxAffordableChips(funds: number): number {
  return Math.max(0, Math.floor(funds / CHIP_PURCHASE_STEP) * CHIP_PURCHASE_STEP);
}

/** Spec 02 section 8: why a purchase cannot go ahead, or null: the rules' refusal, as the server words it. */
export function buyProblem(amount: number, funds: number): string | null {
  const refusal = buyChipsRefusal(amount, funds);
  return refusal ? chipRefusalLine(refusal) : null;
}

/** The cash-out amount typed: a whole number of chips (fractions dropped), or null for anything else. */
export function parseCashOutAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.floor(value) : null;
}

/** Spec 02 section 5: above 0 and no more than the chips held; the rules' refusal says why not. */
export function cashOutProblem(amount: number | null, held: number): string | null {
  const refusal = cashOutRefusal(amount ?? Number.NaN, held);
  return refusal ? chipRefusalLine(refusal) : null;
}

export interface CashOutPreview {
  /** floor(95 %) of the chips, in copper. */
  received: number;
  /** The 5 % fee: the rest. */
  fee: number;
}

/** Spec 02 section 9: the copper received and the fee for `amount` chips. */
export function cashOutPreview(amount: number): CashOutPreview {
  const received = cashOutPayout(amount);
  return { received, fee: amount - received };
}

/** Copper as gold, silver and copper for <CoinAmount>. */
export function coinsOf(amount: number): Coins {
  return toCoins(copper(amount));
}

export function buyConfirmText(amount: number): string {
  return `Confirm purchase of ${amount} chips for ${formatCoins(copper(amount))}?`;
}

export function cashOutConfirmText(amount: number): string {
  return `Confirm cash out of ${amount} chips for ${formatCoins(cashOutPayout(amount))}?`;
}
