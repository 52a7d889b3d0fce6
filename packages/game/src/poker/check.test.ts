import { describe, expect, it } from 'vitest';
import { pokerBet } from './bet.ts';
import { pokerCheck } from './check.ts';
import { NO_ACTIVE_GAME } from './game.ts';
import { pokerFold } from './fold.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

const top = deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h', 'Jc', '3s']);

describe('spec 02 §5 poker: /check', () => {
  it('needs an active game', () => {
    expect(() => pokerCheck(null, scriptedRng())).toThrow(NO_ACTIVE_GAME);
    expect(NO_ACTIVE_GAME).toBe('No active poker game. Type /poker to start a new game.');
    const over = pokerFold(startPoker({ playerChips: 100 }, scriptedRng({ top })).state).state;
    expect(() => pokerCheck(over, scriptedRng())).toThrow(NO_ACTIVE_GAME);
  });

  it('is refused while a bet is outstanding, leaving the state as it was', () => {
    const rng = scriptedRng({ top, draws: [0.6, 0.4] });
    const facing = pokerBet(startPoker({ playerChips: 100 }, rng).state, 10, rng).state;
    const copy = JSON.parse(JSON.stringify(facing));
    expect(() => pokerCheck(facing, rng)).toThrow("You can't check: there is a bet of 30 chips. Use /bet 30 to call, /raise [amount] or /fold.");
    expect(facing).toEqual(copy);
  });

  it('passes the turn; the round advances once the bot checks too', () => {
    // The bot holds 10-5 off-suit (44% against a random hand): no raise, and no bluff on 0.49.
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ts', '5d'], ['2c', '7d', '9h']), draws: [0.49] });
    const start = startPoker({ playerChips: 100 }, rng).state;
    const { state, messages } = pokerCheck(start, rng);
    expect(messages.slice(0, 3)).toEqual(['You check.', 'AI Bot checks.', 'Flop: 2♣ 7♦ 9♥']);
    expect(state).toMatchObject({ phase: 'flop', lastAction: 'AI Bot checks.', currentPlayerIndex: 0 });
    expect(state.communityCards.map((c) => c.display)).toEqual(['2♣', '7♦', '9♥']);
    expect(state.deck).toHaveLength(45);
    expect(start.phase).toBe('preflop');
  });
});
