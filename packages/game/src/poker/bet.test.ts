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
    const state = startPoker({ playerChips: 100 }, scriptedRng({ top })).state;
    expect(() => pokerBet(state, 101, scriptedRng())).toThrow("You can't bet 101 chips: you only have 100 chips.");
  });

  it('refuses a bet below the current bet unless it is all-in', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    expect(facing.currentBet).toBe(30);
    expect(() => pokerBet(facing, 29, rng)).toThrow('Your bet must be at least the current bet of 30 chips.');
  });

  it('calls with the current bet and raises to a larger amount', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4, 0.1] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    const { state, messages } = pokerBet(facing, 50, rng);
    expect(messages.slice(0, 3)).toEqual(['You raise to 50 chips.', 'AI Bot calls 20 chips.', 'Flop: 2♣ 7♦ 9♥']);
    expect(state).toMatchObject({ pot: 100, phase: 'flop' });
    expect(state.players.map((p) => p.chips)).toEqual([50, 950]);
  });
});
