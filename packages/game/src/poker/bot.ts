import { createRng, type Rng } from '../rng.ts';
import { contribute, toCall } from './betting.ts';
import { estimateEquity } from './equity.ts';
import { BOT, BOT_NAME, HUMAN, type PokerState } from './game.ts';
import { preflopEquity } from './preflop.ts';

/** Spec 02 §4: the raise sizes the bot picks from. */
export const BOT_RAISES: readonly number[] = [10, 20, 30];
/**
 * docs/decisions/casino-poker.md, "The house does not lose": the bot weighs its cards, in
 * place of spec 02 §4's draw (below 0.5 call or check, below 0.8 raise, else fold, whatever the
 * cards), which folded a fifth of the time when it could check and called an all-in four
 * times in five, so that simple strategies won 5 to 130 chips a hand.
 * It estimates its equity (its share of pots against a random hand: a table before the flop,
 * random run-outs after) and calls a bet only when that equity beats the pot odds by a
 * margin that grows with the bet against the pot (a big bet comes from a strong hand); it
 * raises with equity well above that, and with no bet to call it checks, or raises with a
 * strong hand or on a rare bluff. It never folds when it could check.
 */
export const BOT_CALL_MARGIN = 0.04;
/**
 * Added to the equity needed, times the bet over the pot before it (capped at 1): before the
 * flop equities are close together (aces 85%), after it a big bet means a made hand.
 */
export const BOT_PRESSURE_MARGIN = { preflop: 0.08, postflop: 0.3 } as const;
/** Equity above the needed one that makes the bot raise instead of call. */
export const BOT_RAISE_MARGIN = 0.18;
/** With nothing to call: raise from this equity up. */
export const BOT_VALUE_EQUITY = 0.62;
/** With nothing to call: the share of weak hands it bluffs with anyway. */
export const BOT_BLUFF_CHANCE = 0.08;

function allInSuffix(state: PokerState): string {
  return state.players[BOT].isAllIn ? ' and is all-in' : '';
}

function botCall(state: PokerState): string {
  const owed = toCall(state, BOT);
  if (owed === 0) return `${BOT_NAME} checks.`;
  const paid = contribute(state, BOT, owed);
  return `${BOT_NAME} calls ${paid} chips${allInSuffix(state)}.`;
}

function botRaise(state: PokerState, rng: Rng): string {
  const bot = state.players[BOT];
  const owed = toCall(state, BOT);
  if (owed >= bot.chips || state.players[HUMAN].isAllIn) return botCall(state);
  const raiseBy = Math.min(rng.pick(BOT_RAISES), bot.chips - owed);
  const target = state.currentBet + raiseBy;
  contribute(state, BOT, target - bot.currentBet);
  return `${BOT_NAME} raises by ${raiseBy} to ${target} chips${allInSuffix(state)}.`;
}

/**
 * The bot's equity now: its share of pots against a random hand on the cards it can see. The
 * run-outs come from a generator seeded by those cards (secret to the human: the bot's own
 * are among them), so the estimate is a pure function of the hand and leaves the game's
 * generator to the game.
 */
export function botEquity(state: PokerState): number {
  const bot = state.players[BOT];
  if (state.communityCards.length === 0) return preflopEquity(bot.cards);
  const seen = [...bot.cards, ...state.communityCards].map((card) => card.display).join('');
  return estimateEquity(bot.cards, state.communityCards, [...state.deck, ...state.players[HUMAN].cards], createRng(`bot-equity:${seen}`));
}

/** The equity the bot needs to call `owed` chips into the pot (which holds the bet already). */
export function equityToCall(pot: number, owed: number, preflop: boolean): number {
  const odds = owed / (pot + owed);
  const pressure = Math.min(1, owed / Math.max(1, pot - owed));
  return odds + BOT_CALL_MARGIN + BOT_PRESSURE_MARGIN[preflop ? 'preflop' : 'postflop'] * pressure;
}

/**
 * The bot's turn (issue 42, after spec 02 §4). Facing a bet: raise by 10, 20 or 30 (capped by
 * its chips) with equity BOT_RAISE_MARGIN above what a call needs, call with the equity a
 * call needs (equityToCall), else fold. With nothing to call: raise with BOT_VALUE_EQUITY or
 * on a bluff draw, else check. A raise the bot cannot afford beyond the call, or one the
 * all-in human could not answer, becomes a call. Changes `state` (a clone) and returns the
 * console line.
 */
export function botAct(state: PokerState, rng: Rng): string {
  const bot = state.players[BOT];
  const owed = toCall(state, BOT);
  const equity = botEquity(state);
  const bluff = rng.next() < BOT_BLUFF_CHANCE;
  let line: string;
  if (owed === 0) {
    line = equity >= BOT_VALUE_EQUITY || bluff ? botRaise(state, rng) : botCall(state);
  } else {
    const needed = equityToCall(state.pot, owed, state.communityCards.length === 0);
    if (equity >= needed + BOT_RAISE_MARGIN) line = botRaise(state, rng);
    else if (equity >= needed) line = botCall(state);
    else {
      bot.folded = true;
      line = `${BOT_NAME} folds.`;
    }
  }
  bot.hasActed = true;
  state.lastAction = line;
  return line;
}
