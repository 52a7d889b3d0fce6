import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { createRng } from '../rng.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { pokerTableFee } from './game.ts';
import { NEED_CHIPS_MESSAGE, startPoker } from './start.ts';

describe('spec 02 §2/§4 poker: /poker starts a new game', () => {
  it.each([0, -100, 1.5, Number.NaN])('refuses %s chips with the no-chips hint', (playerChips) => {
    expect(() => startPoker({ playerChips }, createRng(1))).toThrow(RuleError);
    expect(() => startPoker({ playerChips }, createRng(1))).toThrow(NEED_CHIPS_MESSAGE);
    expect(NEED_CHIPS_MESSAGE).toBe('You need chips to play poker. Use /buy [amount] to purchase casino chips.');
  });

  it('seats the human and AI Bot with 1000, two cards each, takes the table fee and both antes, human to act (issue 42)', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) });
    const { state } = startPoker({ playerChips: 250, playerName: 'Aria' }, rng);
    expect(state.players).toEqual([
      {
        name: 'Aria',
        cards: [
          { suit: 'spades', value: 'A', display: 'A♠' },
          { suit: 'hearts', value: 'A', display: 'A♥' },
        ],
        chips: 237,
        currentBet: 0,
        folded: false,
        isAllIn: false,
        hasActed: false,
      },
      {
        name: 'AI Bot',
        cards: [
          { suit: 'spades', value: 'K', display: 'K♠' },
          { suit: 'hearts', value: 'K', display: 'K♥' },
        ],
        chips: 990,
        currentBet: 0,
        folded: false,
        isAllIn: false,
        hasActed: false,
      },
    ]);
    expect(state).toMatchObject({
      isActive: true,
      currentPlayerIndex: 0,
      dealerIndex: 1,
      communityCards: [],
      pot: 20,
      currentBet: 0,
      phase: 'preflop',
      lastAction: null,
      winner: null,
      winningHand: null,
      split: false,
      endedBy: null,
      startingChips: 250,
      ante: 10,
      fee: 3,
      rake: 0,
    });
    expect(state.deck).toHaveLength(48);
  });

  it('says the ante, the fee and the rake; a small stack antes what it has and pays no fee', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) });
    expect(startPoker({ playerChips: 1000 }, rng).messages[1]).toBe('Ante: 10 chips each (pot 20). Table fee: 10 chips. The house keeps 10% of what you win.');
    const small = startPoker({ playerChips: 8 }, scriptedRng({ top: deal(['As', 'Ah'], ['Ks', 'Kh'], []) })).state;
    expect(small).toMatchObject({ pot: 16, ante: 8, fee: 0, currentBet: 0 });
    expect(small.players.map((p) => p.chips)).toEqual([0, 992]);
    expect(pokerTableFee(5_000)).toBe(10);
    expect(pokerTableFee(15)).toBe(1);
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
