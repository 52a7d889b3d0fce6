import { describe, expect, it } from 'vitest';
import { botAct } from './bot.ts';
import type { PokerState } from './game.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

function facing(bet: number, botChips = 1000): PokerState {
  const { state } = startPoker({ playerChips: 500 }, scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) }));
  state.players[0].chips -= bet;
  state.players[0].currentBet = bet;
  state.players[0].hasActed = true;
  state.players[1].chips = botChips;
  state.pot = bet;
  state.currentBet = bet;
  return state;
}

describe('spec 02 §4 poker: the bot', () => {
  it('folds on a draw of 0.8 or more', () => {
    const state = facing(0);
    expect(botAct(state, scriptedRng({ draws: [0.8] }))).toBe('AI Bot folds.');
    expect(state.players[1].folded).toBe(true);
  });

  it('checks or calls below 0.5', () => {
    expect(botAct(facing(0), scriptedRng({ draws: [0] }))).toBe('AI Bot checks.');
    const state = facing(40);
    expect(botAct(state, scriptedRng({ draws: [0.499] }))).toBe('AI Bot calls 40 chips.');
    expect(state).toMatchObject({ pot: 80, currentBet: 40 });
  });

  it('raises by 10, 20 or 30 from 0.5 to below 0.8', () => {
    expect(botAct(facing(0), scriptedRng({ draws: [0.5, 0] }))).toBe('AI Bot raises by 10 to 10 chips.');
    expect(botAct(facing(5), scriptedRng({ draws: [0.79, 0.34] }))).toBe('AI Bot raises by 20 to 25 chips.');
    const state = facing(5);
    expect(botAct(state, scriptedRng({ draws: [0.6, 0.67] }))).toBe('AI Bot raises by 30 to 35 chips.');
    expect(state).toMatchObject({ pot: 40, currentBet: 35 });
    expect(state.players[1]).toMatchObject({ chips: 965, currentBet: 35, hasActed: true });
  });

  it('calls all-in instead of raising when it cannot cover the call', () => {
    const state = facing(300, 200);
    expect(botAct(state, scriptedRng({ draws: [0.6] }))).toBe('AI Bot calls 200 chips and is all-in.');
    expect(state.players[1]).toMatchObject({ chips: 0, isAllIn: true, currentBet: 200 });
  });
});
