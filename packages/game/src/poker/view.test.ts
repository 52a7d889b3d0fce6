import { describe, expect, it } from 'vitest';
import { pokerCheck } from './check.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { startPoker } from './start.ts';
import { publicPokerView } from './view.ts';

describe('spec 02 §3 poker state: what the browser sees', () => {
  it('hides the deck and the bot cards until the showdown', () => {
    // The bot holds 10-5 off-suit: it checks along (no bluff on 0.1).
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ts', '5d'], ['2c', '7d', '9h', 'Jc', '3s']), draws: [0.1, 0.1, 0.1, 0.1] });
    let state = startPoker({ playerChips: 100 }, rng).state;
    const view = publicPokerView(state);
    expect(view).not.toHaveProperty('deck');
    expect(view.deckSize).toBe(48);
    expect(view.players[0].cards?.map((c) => c.display)).toEqual(['A♠', 'A♥']);
    expect(view.players[1].cards).toBeNull();
    expect(JSON.stringify(view)).not.toContain('10♠');
    for (let i = 0; i < 3; i++) {
      state = pokerCheck(state, rng).state;
      expect(publicPokerView(state).players[1].cards).toBeNull();
    }
    state = pokerCheck(state, rng).state;
    expect(publicPokerView(state).players[1].cards?.map((c) => c.display)).toEqual(['10♠', '5♦']);
    expect(state.deck).toHaveLength(43);
  });
});
