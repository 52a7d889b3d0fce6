import { describe, expect, it } from 'vitest';
import { pokerBet } from './bet.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { settlePoker } from './settle.ts';
import { startPoker } from './start.ts';

describe('spec 02 §4 poker: chips return to the character', () => {
  it('settles an unfinished game as a forfeit: the chips in the pot are lost', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h']), draws: [0.1] });
    const { state } = pokerBet(startPoker({ playerChips: 300 }, rng).state, 50, rng);
    expect(state.isActive).toBe(true);
    expect(settlePoker(state)).toEqual({ playerChips: 250, net: -50, finished: false });
  });

  it('returns everything held once the game is over', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []), draws: [0.9] });
    const { state } = pokerBet(startPoker({ playerChips: 300 }, rng).state, 50, rng);
    expect(settlePoker(state)).toEqual({ playerChips: 300, net: 0, finished: true });
  });
});
