import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { createRng } from '../rng.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { NEED_CHIPS_MESSAGE, startPoker } from './start.ts';

describe('spec 02 §2/§4 poker: /poker starts a new game', () => {
  it.each([0, -100, 1.5, Number.NaN])('refuses %s chips with the no-chips hint', (playerChips) => {
    expect(() => startPoker({ playerChips }, createRng(1))).toThrow(RuleError);
    expect(() => startPoker({ playerChips }, createRng(1))).toThrow(NEED_CHIPS_MESSAGE);
    expect(NEED_CHIPS_MESSAGE).toBe('You need chips to play poker. Use /buy [amount] to purchase casino chips.');
  });

  it('seats the human with all their chips and AI Bot with 1000, two cards each, human to act, no blinds', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) });
    const { state } = startPoker({ playerChips: 250, playerName: 'Aria' }, rng);
    expect(state.players).toEqual([
      { name: 'Aria', cards: [{ suit: 'spades', value: 'A', display: 'A♠' }, { suit: 'hearts', value: 'A', display: 'A♥' }], chips: 250, currentBet: 0, folded: false, isAllIn: false, hasActed: false },
      { name: 'AI Bot', cards: [{ suit: 'spades', value: 'K', display: 'K♠' }, { suit: 'hearts', value: 'K', display: 'K♥' }], chips: 1000, currentBet: 0, folded: false, isAllIn: false, hasActed: false },
    ]);
    expect(state).toMatchObject({
      isActive: true,
      currentPlayerIndex: 0,
      dealerIndex: 1,
      communityCards: [],
      pot: 0,
      currentBet: 0,
      phase: 'preflop',
      lastAction: null,
      winner: null,
      winningHand: null,
      split: false,
      endedBy: null,
      startingChips: 250,
    });
    expect(state.deck).toHaveLength(48);
  });

  it('shuffles from the seed and survives a JSON round trip', () => {
    const a = startPoker({ playerChips: 100 }, createRng('table'));
    const b = startPoker({ playerChips: 100 }, createRng('table'));
    expect(b).toEqual(a);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    const all = [...a.state.deck, ...a.state.players.flatMap((p) => p.cards)].map((c) => c.display);
    expect(new Set(all).size).toBe(52);
  });
});
