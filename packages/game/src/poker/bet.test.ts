import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { INVALID_BET, pokerBet } from './bet.ts';
import { NO_ACTIVE_GAME } from './game.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

const top = deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h', 'Jc', '3s']);

describe('spec 02 §5 poker: /bet', () => {
  it('needs an active game', () => {
    expect(() => pokerBet(undefined, 10, scriptedRng())).toThrow(NO_ACTIVE_GAME);
  });

  it.each([0, -5, 2.5, Number.NaN])('refuses %s with the usage line', (amount) => {
    const state = startPoker({ playerChips: 100 }, scriptedRng({ top })).state;
    expect(() => pokerBet(state, amount, scriptedRng())).toThrow(new RuleError('invalid_bet', INVALID_BET));
    expect(INVALID_BET).toBe('Invalid bet amount. Usage: /bet [amount]');
  });

  it('refuses a bet above the chips', () => {
    // 100 chips less the 1-chip table fee and the 10-chip ante (issue 42).
    const state = startPoker({ playerChips: 100 }, scriptedRng({ top })).state;
    expect(() => pokerBet(state, 90, scriptedRng())).toThrow("You can't bet 90 chips: you only have 89 chips.");
  });

  it('refuses a bet below the current bet unless it is all-in', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    expect(facing.currentBet).toBe(30);
    expect(() => pokerBet(facing, 29, rng)).toThrow('Your bet must be at least the current bet of 30 chips.');
  });

  it('calls with the current bet and raises to a larger amount', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    const { state, messages } = pokerBet(facing, 30, rng);
    expect(messages.slice(0, 2)).toEqual(['You call 20 chips.', 'Flop: 2♣ 7♦ 9♥']);
    expect(state).toMatchObject({ pot: 80, phase: 'flop' });
    expect(state.players.map((p) => p.chips)).toEqual([59, 960]);
    const raised = pokerBet(facing, 50, scriptedRng({ draws: [0.6, 0] }));
    expect(raised.messages.slice(0, 2)).toEqual(['You raise to 50 chips.', 'AI Bot raises by 10 to 60 chips.']);
  });
});
