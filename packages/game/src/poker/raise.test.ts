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
    expect(() => pokerRaise(start, 101, rng)).toThrow("You can't raise by 101: a bet of 101 needs 101 more chips and you only have 100.");
    const facing = pokerBet(start, 10, rng).state;
    expect(() => pokerRaise(facing, 81, rng)).toThrow("You can't raise by 81: a bet of 111 needs 101 more chips and you only have 90.");
  });

  it('raises the current bet by the amount; raising everything is all-in', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4, 0.1] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    const { state, messages } = pokerRaise(facing, 70, rng);
    expect(messages[0]).toBe('You raise by 70 to 100 chips. You are all-in!');
    expect(messages[1]).toBe('AI Bot calls 70 chips.');
    expect(state.players[0]).toMatchObject({ chips: 200, isAllIn: true });
    expect(messages.at(-2)).toBe('You win the pot of 200 chips with One Pair!');
    expect(state.endedBy).toBe('showdown');
  });
});
