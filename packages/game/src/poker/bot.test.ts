import { describe, expect, it } from 'vitest';
import { botAct, botEquity, equityToCall } from './bot.ts';
import type { PokerState } from './game.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

/** The bot holding `bot` (two cards), facing a bet of `bet` chips on top of the antes. */
function facing(bet: number, bot: [string, string] = ['Ks', 'Kh'], botChips = 990): PokerState {
  const { state } = startPoker({ playerChips: 500 }, scriptedRng({ top: deal(['As', 'Ah'], bot, []) }));
  state.players[0].chips -= bet;
  state.players[0].currentBet = bet;
  state.players[0].hasActed = true;
  state.players[1].chips = botChips;
  state.pot += bet;
  state.currentBet = bet;
  return state;
}

describe('issue 42 poker: the bot weighs its cards (in place of spec 02 §4 draw)', () => {
  it('knows its preflop equity: kings 82%, seven-deuce 35%', () => {
    expect(botEquity(facing(0))).toBeCloseTo(0.817, 3);
    expect(botEquity(facing(0, ['7c', '2d']))).toBeCloseTo(0.351, 3);
  });

  it('needs more equity to call a bigger bet: pot odds, a margin and the pressure of the bet', () => {
    // 10 into 20: odds 10/40 = 0.25, + 0.04, + 0.08 x 0.5.
    expect(equityToCall(30, 10, true)).toBeCloseTo(0.33, 5);
    // An all-in of 990 into 20: 990/2000 + 0.04 + 0.08; after the flop + 0.3.
    expect(equityToCall(1010, 990, true)).toBeCloseTo(0.615, 5);
    expect(equityToCall(1010, 990, false)).toBeCloseTo(0.835, 5);
  });

  it('never folds when it can check; checks a weak hand, raises a strong one or on a bluff draw', () => {
    const weak = facing(0, ['7c', '2d']);
    expect(botAct(weak, scriptedRng({ draws: [0.99] }))).toBe('AI Bot checks.');
    expect(weak.players[1].folded).toBe(false);
    expect(botAct(facing(0, ['7c', '2d']), scriptedRng({ draws: [0.05, 0] }))).toBe('AI Bot raises by 10 to 10 chips.');
    const strong = facing(0);
    expect(botAct(strong, scriptedRng({ draws: [0.99, 0.67] }))).toBe('AI Bot raises by 30 to 30 chips.');
    expect(strong).toMatchObject({ pot: 50, currentBet: 30 });
    expect(strong.players[1]).toMatchObject({ chips: 960, currentBet: 30, hasActed: true });
  });

  it('calls a bet its equity covers, folds one it does not, raises when well ahead', () => {
    const called = facing(10, ['Ts', '5d']);
    expect(botAct(called, scriptedRng({ draws: [0.5] }))).toBe('AI Bot calls 10 chips.');
    expect(called).toMatchObject({ pot: 40, currentBet: 10 });
    expect(botAct(facing(490, ['Ts', '5d']), scriptedRng({ draws: [0.5] }))).toBe('AI Bot folds.');
    expect(botAct(facing(490), scriptedRng({ draws: [0.5, 0.34] }))).toBe('AI Bot raises by 20 to 510 chips.');
  });

  it('calls all-in instead of raising when it cannot cover the call', () => {
    const state = facing(300, ['Ks', 'Kh'], 200);
    expect(botAct(state, scriptedRng({ draws: [0.5] }))).toBe('AI Bot calls 200 chips and is all-in.');
    expect(state.players[1]).toMatchObject({ chips: 0, isAllIn: true, currentBet: 200 });
  });

  it('judges the flop from its run-outs, the same for the same cards', () => {
    const state = facing(0, ['7c', '2d']);
    state.communityCards = state.deck.filter((c) => ['7♦', '7♥', '2♠'].includes(c.display));
    state.deck = state.deck.filter((c) => !state.communityCards.includes(c));
    const full = botEquity(state);
    expect(full).toBeGreaterThan(0.9);
    expect(botEquity(state)).toBe(full);
  });
});
