import { describe, expect, it } from 'vitest';
import { pokerBet } from './bet.ts';
import { NO_ACTIVE_GAME } from './game.ts';
import { INVALID_RAISE, pokerRaise } from './raise.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

const top = deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h', 'Jc', '3s']);

describe('spec 02 §5 poker: /raise', () => {
  it('needs an active game', () => {
    expect(() => pokerRaise(null, 10, scriptedRng())).toThrow(NO_ACTIVE_GAME);
  });

  it.each([0, -1, 0.5, Number.NaN])('refuses %s with the usage line', (amount) => {
    const state = startPoker({ playerChips: 100 }, scriptedRng({ top })).state;
    expect(() => pokerRaise(state, amount, scriptedRng())).toThrow(INVALID_RAISE);
    expect(INVALID_RAISE).toBe('Invalid raise amount. Usage: /raise [amount]');
  });

  it('needs current bet + raise within the chips', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4] });
    const start = startPoker({ playerChips: 100 }, rng).state;
    // 100 chips less the 1-chip table fee and the 10-chip ante.
    expect(() => pokerRaise(start, 90, rng)).toThrow("You can't raise by 90: a bet of 90 needs 90 more chips and you only have 89.");
    const facing = pokerBet(start, 10, rng).state;
    expect(() => pokerRaise(facing, 70, rng)).toThrow("You can't raise by 70: a bet of 100 needs 90 more chips and you only have 79.");
  });

  it('raises the current bet by the amount; raising everything is all-in', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4, 0.1] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    const { state, messages } = pokerRaise(facing, 59, rng);
    expect(messages[0]).toBe('You raise by 59 to 89 chips. You are all-in!');
    expect(messages[1]).toBe('AI Bot calls 59 chips.');
    // The pot: both antes and 89 each, 198; the house keeps 10% of the 99 won, rounded up.
    expect(messages.at(-2)).toBe('You win the pot of 198 chips with One Pair! The house keeps 10 chips.');
    expect(state.players[0]).toMatchObject({ chips: 188, isAllIn: true });
    expect(state.endedBy).toBe('showdown');
  });
});
