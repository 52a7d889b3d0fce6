import { RuleError } from '../errors.ts';

declare const copperBrand: unique symbol;
/** An amount of money in copper, the one unit the server stores (never negative). */
export type Copper = number & { readonly [copperBrand]: true };

export const COPPER_PER_SILVER = 100;
export const SILVER_PER_GOLD = 100;
export const COPPER_PER_GOLD = COPPER_PER_SILVER * SILVER_PER_GOLD;

export interface Coins {
  gold: number;
  silver: number;
  copper: number;
}

/** Spec 01 §9: a whole, non-negative number of copper. */
export function copper(amount: number): Copper {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`copper amount must be a non-negative integer, got ${amount}`);
  }
  return amount as Copper;
}

/** Spec 01 §9: total funds = gold*10000 + silver*100 + copper. */
export function toCopper(coins: Coins): Copper {
  return copper(coins.gold * COPPER_PER_GOLD + coins.silver * COPPER_PER_SILVER + coins.copper);
}

export function toCoins(amount: Copper): Coins {
  const gold = Math.floor(amount / COPPER_PER_GOLD);
  const rest = amount - gold * COPPER_PER_GOLD;
  const silver = Math.floor(rest / COPPER_PER_SILVER);
  return { gold, silver, copper: rest - silver * COPPER_PER_SILVER };
}

export function addCopper(a: Copper, b: Copper): Copper {
  return copper(a + b);
}

/** Takes `cost` from `balance`; refuses rather than going below 0. */
export function spendCopper(balance: Copper, cost: Copper, message = 'Not enough money'): Copper {
  if (cost > balance) throw new RuleError('insufficient_funds', message);
  return copper(balance - cost);
}

/** '1g 2s 3c', leaving out leading zero units ('0c' for nothing). */
export function formatCoins(amount: Copper): string {
  const { gold, silver, copper: c } = toCoins(amount);
  const parts: string[] = [];
  if (gold) parts.push(`${gold}g`);
  if (silver) parts.push(`${silver}s`);
  if (c || parts.length === 0) parts.push(`${c}c`);
  return parts.join(' ');
}
