import type { Rng } from '../rng.ts';
import { contribute, toCall } from './betting.ts';
import { BOT, BOT_NAME, HUMAN, type PokerState } from './game.ts';

/** Spec 02 §4: the raise sizes the bot picks from. */
export const BOT_RAISES: readonly number[] = [10, 20, 30];
/** Spec 02 §4: below 0.5 the bot calls or checks, below 0.8 it raises, otherwise it folds. */
export const BOT_CALL_BELOW = 0.5;
export const BOT_RAISE_BELOW = 0.8;

function allInSuffix(state: PokerState): string {
  return state.players[BOT].isAllIn ? ' and is all-in' : '';
}

function botCall(state: PokerState): string {
  const owed = toCall(state, BOT);
  if (owed === 0) return `${BOT_NAME} checks.`;
  const paid = contribute(state, BOT, owed);
  return `${BOT_NAME} calls ${paid} chips${allInSuffix(state)}.`;
}

/**
 * The bot's turn (spec 02 §4). One draw r decides: r < 0.5 call or check;
 * r < 0.8 raise by 10, 20 or 30 (a second draw), capped by its chips; else
 * fold, even when it could check. A raise the bot cannot afford beyond the
 * call, or one the all-in human could not answer, becomes a call.
 * Changes `state` (a clone) and returns the console line.
 */
export function botAct(state: PokerState, rng: Rng): string {
  const bot = state.players[BOT];
  const r = rng.next();
  let line: string;
  if (r < BOT_CALL_BELOW) {
    line = botCall(state);
  } else if (r < BOT_RAISE_BELOW) {
    const owed = toCall(state, BOT);
    const opponent = state.players[HUMAN];
    if (owed >= bot.chips || opponent.isAllIn) {
      line = botCall(state);
    } else {
      const raiseBy = Math.min(rng.pick(BOT_RAISES), bot.chips - owed);
      const target = state.currentBet + raiseBy;
      contribute(state, BOT, target - bot.currentBet);
      line = `${BOT_NAME} raises by ${raiseBy} to ${target} chips${allInSuffix(state)}.`;
    }
  } else {
    bot.folded = true;
    line = `${BOT_NAME} folds.`;
  }
  bot.hasActed = true;
  state.lastAction = line;
  return line;
}
