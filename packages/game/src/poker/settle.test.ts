import { describe, expect, it } from 'vitest';
import { pokerBet } from './bet.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { settlePoker } from './settle.ts';
import { startPoker } from './start.ts';

describe('spec 02 §4 poker: chips return to the character', () => {
  it('settles an unfinished game as a forfeit: the chips in the pot are lost', () => {
    // The bot holds 10-5 off-suit and calls the 10 (no raise, no bluff on 0.1).
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ts', '5d'], ['2c', '7d', '9h']), draws: [0.1] });
    const { state } = pokerBet(startPoker({ playerChips: 300 }, rng).state, 10, rng);
    expect(state.isActive).toBe(true);
    // 300 less the 3-chip table fee, the 10-chip ante and the 10 bet.
    expect(settlePoker(state)).toEqual({ playerChips: 277, net: -23, finished: false });
  });

  it('returns everything held once the game is over, less the fee and the rake', () => {
    // 7-2 off-suit folds to a bet of 50 into 20: the human wins the bot's 10-chip ante, less a 1-chip rake.
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['7c', '2d'], []), draws: [0.9] });
    const { state } = pokerBet(startPoker({ playerChips: 300 }, rng).state, 50, rng);
    expect(state).toMatchObject({ endedBy: 'fold', rake: 1, fee: 3 });
    expect(settlePoker(state)).toEqual({ playerChips: 306, net: 6, finished: true });
  });
});
