import { createRng, type Rng } from '../rng.ts';
import type { PokerAction } from '../poker/act.ts';
import { pokerAct } from '../poker/act.ts';
import { toCall } from '../poker/betting.ts';
import { estimateEquity } from '../poker/equity.ts';
import { HUMAN, type PokerState } from '../poker/game.ts';
import { preflopEquity } from '../poker/preflop.ts';
import { settlePoker } from '../poker/settle.ts';
import { startPoker } from '../poker/start.ts';

/**
 * Poker in the balance simulation (issue 42): a player strategy sees what a player sees (its
 * cards, the board, the pot, what it owes) and answers with an action; the hand is played by
 * the rules (startPoker, pokerAct) against the bot, and the player's net counts what the
 * table takes (ante, rake).
 */
export interface Seen {
  phase: PokerState['phase'];
  /** The player's equity against a random hand: the preflop table, or run-outs after the flop. */
  equity: number;
  owed: number;
  pot: number;
  chips: number;
  /** The player's bet in this round. */
  bet: number;
}

export type Strategy = (seen: Seen) => PokerAction;

export const call = (seen: Seen): PokerAction => (seen.owed > 0 ? { type: 'bet', amount: seen.bet + Math.min(seen.owed, seen.chips) } : { type: 'check' });
export const shove = (seen: Seen): PokerAction => ({ type: 'bet', amount: seen.bet + seen.chips });
export const fold = (seen: Seen): PokerAction => (seen.owed > 0 ? { type: 'fold' } : { type: 'check' });

/** The strategies of the issue, and a grid of simple ones the solver-like search walks. */
export const NAMED_STRATEGIES: Readonly<Record<string, Strategy>> = {
  'always check/call': call,
  'fold unless free': fold,
  'all-in preflop with >50% equity, else fold': (seen) => (seen.phase === 'preflop' ? (seen.equity > 0.5 ? shove(seen) : { type: 'fold' }) : call(seen)),
  'check/call small preflop, all-in on a good flop/turn/river': (seen) => {
    if (seen.phase === 'preflop') return seen.owed <= 30 ? call(seen) : { type: 'fold' };
    return seen.equity > 0.7 ? shove(seen) : seen.owed === 0 ? { type: 'check' } : seen.owed <= 30 ? call(seen) : { type: 'fold' };
  },
  'all-in every hand': shove,
};

/** Shove preflop from `shoveAt` equity, else fold. */
export function shoveFold(shoveAt: number): Strategy {
  return (seen) => (seen.equity >= shoveAt ? shove(seen) : seen.owed > 0 || seen.phase === 'preflop' ? { type: 'fold' } : { type: 'check' });
}

/** Bet `fraction` of the pot from `betAt` equity, call up to pot odds plus `callSlack`, shove from `shoveAt`. */
export function thresholds(betAt: number, fraction: number, shoveAt: number, callSlack: number): Strategy {
  return (seen) => {
    if (seen.equity >= shoveAt) return shove(seen);
    if (seen.owed > 0) {
      const odds = seen.owed / (seen.pot + seen.owed);
      return seen.equity >= odds + callSlack ? call(seen) : { type: 'fold' };
    }
    if (seen.equity >= betAt) return { type: 'bet', amount: seen.bet + Math.max(1, Math.min(seen.chips, Math.round(seen.pot * fraction))) };
    return { type: 'check' };
  };
}

function seenBy(state: PokerState, rng: Rng): Seen {
  const me = state.players[HUMAN];
  const equity =
    state.communityCards.length === 0
      ? preflopEquity(me.cards)
      : estimateEquity(me.cards, state.communityCards, [...state.deck, ...state.players[1].cards], rng, 24);
  return { phase: state.phase, equity, owed: toCall(state, HUMAN), pot: state.pot, chips: me.chips, bet: me.currentBet };
}

export interface PokerRun {
  hands: number;
  /** Mean player net per hand, in chips. */
  evPerHand: number;
  /** Standard error of that mean. */
  standardError: number;
  /** Share of hands the player finished ahead. */
  handsWon: number;
  /** Share of 50-hand sessions finished ahead, and the best session's net. */
  sessionsWon: number;
  bestSession: number;
  /** Mean rake per hand. */
  rakePerHand: number;
}

/** Plays `hands` hands of `strategy` with `stack` chips each. */
export function simulatePoker(strategy: Strategy, hands: number, seed: number | string, stack = 1_000): PokerRun {
  const rng = createRng(seed);
  const mind = createRng(`${String(seed)}:player`);
  let sum = 0;
  let squares = 0;
  let won = 0;
  let rake = 0;
  let session = 0;
  let sessions = 0;
  let sessionsWon = 0;
  let bestSession = -Infinity;
  for (let hand = 0; hand < hands; hand++) {
    let state = startPoker({ playerChips: stack }, rng).state;
    for (let steps = 0; state.isActive && steps < 200; steps++) {
      const action = strategy(seenBy(state, mind));
      try {
        state = pokerAct(state, action, rng).state;
      } catch {
        state = pokerAct(state, state.currentBet > state.players[HUMAN].currentBet ? { type: 'fold' } : { type: 'check' }, rng).state;
      }
    }
    const net = settlePoker(state).net;
    sum += net;
    squares += net * net;
    rake += state.rake ?? 0;
    if (net > 0) won += 1;
    session += net;
    if ((hand + 1) % 50 === 0) {
      sessions += 1;
      if (session > 0) sessionsWon += 1;
      bestSession = Math.max(bestSession, session);
      session = 0;
    }
  }
  const mean = sum / hands;
  const variance = Math.max(0, squares / hands - mean * mean);
  return {
    hands,
    evPerHand: mean,
    standardError: Math.sqrt(variance / hands),
    handsWon: won / hands,
    sessionsWon: sessions ? sessionsWon / sessions : 0,
    bestSession: sessions ? bestSession : 0,
    rakePerHand: rake / hands,
  };
}

/** The solver-like search: every shove/fold threshold and bet/call/shove threshold set of a grid. */
export function strategyGrid(): { name: string; strategy: Strategy }[] {
  const grid: { name: string; strategy: Strategy }[] = [];
  for (const at of [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8]) grid.push({ name: `shove/fold from ${at} equity`, strategy: shoveFold(at) });
  for (const betAt of [0.5, 0.6, 0.7])
    for (const fraction of [0.1, 0.5, 1])
      for (const shoveAt of [0.75, 0.85, 1.1])
        for (const slack of [0, 0.1])
          grid.push({
            name: `bet ${fraction} pot from ${betAt}, shove from ${shoveAt}, call odds+${slack}`,
            strategy: thresholds(betAt, fraction, shoveAt, slack),
          });
  return grid;
}
