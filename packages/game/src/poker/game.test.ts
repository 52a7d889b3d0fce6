import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../rng.ts';
import { pokerAct, type PokerAction } from './act.ts';
import { pokerBet } from './bet.ts';
import { pokerCheck } from './check.ts';
import { pokerFold } from './fold.ts';
import type { PokerState, PokerStep } from './game.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { settlePoker } from './settle.ts';
import { startPoker } from './start.ts';
import { publicPokerView } from './view.ts';

const TURN = '/check, /bet [amount], /raise [amount] or /fold.';
const ACES_VS_KINGS = deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h', 'Jc', '3s']);

const BOARD = ['2c', '7d', '9h', 'Jc', '3s'];
/** The bot holds 10-5 off-suit (44% against a random hand): it calls small bets and checks along. */
const ACES_VS_TEN_FIVE = deal(['As', 'Ah'], ['Ts', '5d'], BOARD);

describe('spec 02 §4 poker (issue 42 ante, fee and rake): a seeded hand played to the showdown', () => {
  it('deals, bets through four rounds and pays the better hand, less the rake', () => {
    const rng = scriptedRng({ top: ACES_VS_TEN_FIVE, draws: [0.5, 0.5, 0.5, 0.5] });
    let step: PokerStep = startPoker({ playerChips: 500, playerName: 'Aria' }, rng);
    expect(step.messages).toEqual([
      'New poker game! You have 500 chips; AI Bot has 1000.',
      'Ante: 10 chips each (pot 20). Table fee: 5 chips. The house keeps 10% of what you win.',
      'Your cards: A♠ A♥',
      `Your turn (pot 20, you have 485 chips): ${TURN}`,
    ]);
    expect(step.state).toMatchObject({ phase: 'preflop', pot: 20, currentBet: 0, currentPlayerIndex: 0, isActive: true });

    step = pokerBet(step.state, 10, rng);
    expect(step.messages).toEqual(['You bet 10 chips.', 'AI Bot calls 10 chips.', 'Flop: 2♣ 7♦ 9♥', `Your turn (pot 40, you have 475 chips): ${TURN}`]);
    expect(step.state.players.map((p) => p.currentBet)).toEqual([0, 0]);

    step = pokerCheck(step.state, rng);
    expect(step.messages).toEqual(['You check.', 'AI Bot checks.', 'Turn: J♣ (board: 2♣ 7♦ 9♥ J♣)', `Your turn (pot 40, you have 475 chips): ${TURN}`]);
    step = pokerCheck(step.state, rng);
    step = pokerCheck(step.state, rng);
    expect(step.messages).toEqual([
      'You check.',
      'AI Bot checks.',
      'Showdown! Board: 2♣ 7♦ 9♥ J♣ 3♠',
      'You: A♠ A♥ - One Pair (A♠ A♥ J♣ 9♥ 7♦)',
      'AI Bot: 10♠ 5♦ - High Card (J♣ 10♠ 9♥ 7♦ 5♦)',
      // 10% of the 20 won, the bot's ante and call.
      'You win the pot of 40 chips with One Pair! The house keeps 2 chips.',
      'Game over. You finish with 513 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({
      isActive: false,
      phase: 'showdown',
      pot: 0,
      winner: 'Aria',
      winningHand: 'One Pair',
      split: false,
      endedBy: 'showdown',
      rake: 2,
    });
    expect(step.state.players.map((p) => p.chips)).toEqual([513, 980]);
    expect(settlePoker(step.state)).toEqual({ playerChips: 513, net: 13, finished: true });
    expect(rng.left()).toBe(0);
  });

  it('pays the bot when its hand is better: it raises aces and calls an all-in', () => {
    const rng = scriptedRng({ top: deal(['Ts', '5d'], ['As', 'Ah'], BOARD), draws: [0.5, 0.5, 0.5] });
    let step = startPoker({ playerChips: 100 }, rng);
    step = pokerCheck(step.state, rng);
    expect(step.messages.slice(0, 2)).toEqual(['You check.', 'AI Bot raises by 20 to 20 chips.']);
    step = pokerBet(step.state, 20, rng);
    step = pokerBet(step.state, 69, rng);
    expect(step.messages.slice(0, 2)).toEqual(['You bet 69 chips. You are all-in!', 'AI Bot calls 69 chips.']);
    expect(step.messages.slice(-2)).toEqual([
      'AI Bot wins the pot of 198 chips with One Pair.',
      'Game over. You finish with 0 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({ winner: 'AI Bot', winningHand: 'One Pair', endedBy: 'showdown', rake: 0 });
    expect(settlePoker(step.state)).toEqual({ playerChips: 0, net: -100, finished: true });
  });

  it("splits the pot when both players play the board (no rake on getting one's own ante back)", () => {
    const rng = scriptedRng({ top: deal(['2c', '3d'], ['4h', '5c'], ['As', 'Ks', 'Qs', 'Js', 'Ts']), draws: [0.5, 0.5, 0.5, 0.5] });
    let step = startPoker({ playerChips: 300 }, rng);
    for (let i = 0; i < 4; i++) step = pokerCheck(step.state, rng);
    expect(step.messages.slice(-2)).toEqual([
      'Split pot! Both players have Royal Flush: you get 10 chips and AI Bot gets 10.',
      'Game over. You finish with 297 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({ winner: null, split: true, winningHand: 'Royal Flush', rake: 0, fee: 3 });
    expect(step.state.players.map((p) => p.chips)).toEqual([297, 1000]);
  });
});

describe('spec 02 §4 poker: a seeded hand ended by a fold', () => {
  it('gives the bot the pot when the human folds to a raise, cards stay hidden', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.5, 0.99] });
    let step = startPoker({ playerChips: 500 }, rng);
    step = pokerBet(step.state, 40, rng);
    expect(step.messages[1]).toBe('AI Bot raises by 30 to 70 chips.');
    step = pokerFold(step.state);
    expect(step.messages).toEqual(['You fold.', 'AI Bot wins the pot of 130 chips.', 'Game over. You finish with 445 chips. Type /poker to play again.']);
    expect(step.state).toMatchObject({ isActive: false, endedBy: 'fold', winner: 'AI Bot', winningHand: null, phase: 'preflop', pot: 0 });
    expect(step.state.players.map((p) => p.chips)).toEqual([445, 1050]);
    expect(publicPokerView(step.state).players[1].cards).toBeNull();
    expect(settlePoker(step.state)).toEqual({ playerChips: 445, net: -55, finished: true });
  });

  it('gives the human the pot when the bot folds a weak hand to a bet', () => {
    const rng = scriptedRng({ top: deal(['As', 'Ah'], ['7c', '2d'], BOARD), draws: [0.5] });
    const step = pokerBet(startPoker({ playerChips: 500 }, rng).state, 50, rng);
    expect(step.messages).toEqual([
      'You bet 50 chips.',
      'AI Bot folds.',
      'You win the pot of 70 chips! The house keeps 1 chips.',
      'Game over. You finish with 504 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({ endedBy: 'fold', winner: 'You', phase: 'preflop' });
  });
});

describe('spec 02 §4 poker: all-in', () => {
  it('accepts an all-in call for less, returns the uncalled chips and deals the board out', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.5, 0.99] });
    let step = startPoker({ playerChips: 41 }, rng);
    step = pokerBet(step.state, 20, rng);
    expect(step.messages[1]).toBe('AI Bot raises by 30 to 50 chips.');
    expect(() => pokerBet(step.state, 50, rng)).toThrow("You can't bet 50 chips: you only have 10 chips.");
    step = pokerBet(step.state, 30, rng);
    expect(step.messages).toEqual([
      'You call 10 chips. You are all-in!',
      '20 uncalled chips return to AI Bot.',
      'Flop: 2♣ 7♦ 9♥',
      'Turn: J♣ (board: 2♣ 7♦ 9♥ J♣)',
      'River: 3♠ (board: 2♣ 7♦ 9♥ J♣ 3♠)',
      'Showdown! Board: 2♣ 7♦ 9♥ J♣ 3♠',
      'You: A♠ A♥ - One Pair (A♠ A♥ J♣ 9♥ 7♦)',
      'AI Bot: K♠ K♥ - One Pair (K♠ K♥ J♣ 9♥ 7♦)',
      'You win the pot of 80 chips with One Pair! The house keeps 4 chips.',
      'Game over. You finish with 76 chips. Type /poker to play again.',
    ]);
    expect(step.state.players.map((p) => p.chips)).toEqual([76, 960]);
  });

  it('lets the bot call all-in for less and returns the human the rest', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.5] });
    let step = startPoker({ playerChips: 2000 }, rng);
    step = pokerBet(step.state, 1980, rng);
    expect(step.messages.slice(0, 3)).toEqual([
      'You bet 1980 chips. You are all-in!',
      'AI Bot calls 990 chips and is all-in.',
      '990 uncalled chips return to you.',
    ]);
    expect(step.messages.at(-2)).toBe('You win the pot of 2000 chips with One Pair! The house keeps 100 chips.');
    expect(step.state.players.map((p) => p.chips)).toEqual([2890, 0]);
    expect(rng.left()).toBe(0);
  });

  it('caps the bot raise by its chips', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.5, 0.99] });
    let step = startPoker({ playerChips: 5000 }, rng);
    step = pokerBet(step.state, 985, rng);
    expect(step.messages.slice(1)).toEqual([
      'AI Bot raises by 5 to 990 chips and is all-in.',
      'Your turn (pot 1995, 5 to call, you have 3995 chips): /bet 990 to call, /raise [amount] or /fold.',
    ]);
    step = pokerBet(step.state, 990, rng);
    expect(step.messages[0]).toBe('You call 5 chips.');
    expect(step.state).toMatchObject({ endedBy: 'showdown', phase: 'showdown' });
    expect(step.state.players.map((p) => p.chips)).toEqual([5890, 0]);
  });

  it('turns the bot raise into a call when the human is all-in', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.5] });
    const step = pokerBet(startPoker({ playerChips: 500 }, rng).state, 485, rng);
    expect(step.messages[1]).toBe('AI Bot calls 485 chips.');
    expect(rng.left()).toBe(0);
  });
});

/** Plays a random legal action; checks chip conservation, JSON round trips and the public view each step. */
function playRandomGame(seed: number): { steps: number; state: PokerState } {
  const rng: Rng = createRng(seed);
  const human = createRng(`human-${seed}`);
  const chips = human.int(1, 40) * 25;
  let step = startPoker({ playerChips: chips }, rng);
  let steps = 0;
  while (step.state.isActive) {
    const s = step.state;
    const owed = s.currentBet - s.players[0].currentBet;
    const options: PokerAction[] = [{ type: 'fold' }, { type: 'raise', amount: human.int(1, 60) }, { type: 'bet', amount: s.currentBet + human.int(0, 40) }];
    if (owed === 0) options.push({ type: 'check' }, { type: 'check' });
    else options.push({ type: 'bet', amount: s.currentBet }, { type: 'bet', amount: s.currentBet });
    const action = human.pick(options);
    try {
      step = pokerAct(JSON.parse(JSON.stringify(s)) as PokerState, action, rng);
    } catch (error) {
      expect((error as Error).name).toBe('RuleError');
      const me = s.players[0];
      const fallback: PokerAction = owed === 0 ? { type: 'check' } : { type: 'bet', amount: owed > me.chips ? me.currentBet + me.chips : s.currentBet };
      step = pokerAct(s, fallback, rng);
    }
    steps++;
    const { players, pot } = step.state;
    const house = (step.state.fee ?? 0) + (step.state.rake ?? 0);
    expect(players[0].chips + players[1].chips + pot + house).toBe(chips + 1000);
    expect(players.every((p) => p.chips >= 0)).toBe(true);
    const view = publicPokerView(step.state);
    expect('deck' in view).toBe(false);
    expect(view.players[1].cards === null).toBe(step.state.phase !== 'showdown');
    expect(steps).toBeLessThan(60);
  }
  expect(step.state.pot).toBe(0);
  expect(settlePoker(step.state).playerChips).toBe(step.state.players[0].chips);
  return { steps, state: step.state };
}

describe('spec 02 §4 poker: seeded games replay and conserve chips', () => {
  it('replays the same hand from the same seed', () => {
    const a = playRandomGame(42);
    expect(playRandomGame(42)).toEqual(a);
  });

  it('ends every game with all chips accounted for, over 400 seeds', () => {
    const endings = { fold: 0, showdown: 0 };
    for (let seed = 1; seed <= 400; seed++) {
      const { state } = playRandomGame(seed);
      endings[state.endedBy as 'fold' | 'showdown']++;
    }
    expect(endings.fold).toBeGreaterThan(0);
    expect(endings.showdown).toBeGreaterThan(0);
  });
});
