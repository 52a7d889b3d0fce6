import { describe, expect, it } from 'vitest';
import { pokerFold } from './fold.ts';
import { NO_ACTIVE_GAME } from './game.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';

describe('spec 02 §4 poker: /fold', () => {
  it('needs an active game', () => {
    expect(() => pokerFold(null)).toThrow(NO_ACTIVE_GAME);
  });

  it('ends the game and leaves the bot as winner with the antes, even with nothing bet', () => {
    const start = startPoker({ playerChips: 100 }, scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) })).state;
    const { state, messages } = pokerFold(start);
    expect(messages).toEqual(['You fold.', 'AI Bot wins the pot of 20 chips.', 'Game over. You finish with 89 chips. Type /poker to play again.']);
    expect(state).toMatchObject({ isActive: false, endedBy: 'fold', winner: 'AI Bot', winningHand: null });
    expect(state.players[0].folded).toBe(true);
    expect(start.isActive).toBe(true);
  });
});
