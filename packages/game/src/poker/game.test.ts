import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../rng.ts';
import { pokerAct, type PokerAction } from './act.ts';
import { pokerBet } from './bet.ts';
import { pokerCheck } from './check.ts';
import { pokerFold } from './fold.ts';
import type { PokerState, PokerStep } from './game.ts';
import { pokerRaise } from './raise.ts';
import { deal, scriptedRng } from './scriptedRng.testutil.ts';
import { settlePoker } from './settle.ts';
import { startPoker } from './start.ts';
import { publicPokerView } from './view.ts';

const TURN = '/check, /bet [amount], /raise [amount] or /fold.';
const ACES_VS_KINGS = deal(['As', 'Ah'], ['Ks', 'Kh'], ['2c', '7d', '9h', 'Jc', '3s']);

describe('spec 02 §4 poker: a seeded hand played to the showdown', () => {
  it('deals, bets through four rounds and pays the better hand', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.6, 0.5, 0.2, 0.3, 0.4] });
    let step: PokerStep = startPoker({ playerChips: 500, playerName: 'Aria' }, rng);
    expect(step.messages).toEqual([
      'New poker game! You have 500 chips; AI Bot has 1000.',
      'Your cards: A♠ A♥',
      `Your turn (pot 0, you have 500 chips): ${TURN}`,
    ]);
    expect(step.state).toMatchObject({ phase: 'preflop', pot: 0, currentBet: 0, currentPlayerIndex: 0, isActive: true });

    step = pokerBet(step.state, 50, rng);
    expect(step.messages).toEqual([
      'You bet 50 chips.',
      'AI Bot raises by 20 to 70 chips.',
      'Your turn (pot 120, 20 to call, you have 450 chips): /bet 70 to call, /raise [amount] or /fold.',
    ]);
    expect(step.state).toMatchObject({ phase: 'preflop', pot: 120, currentBet: 70 });

    step = pokerBet(step.state, 70, rng);
    expect(step.messages).toEqual(['You call 20 chips.', 'Flop: 2♣ 7♦ 9♥', `Your turn (pot 140, you have 430 chips): ${TURN}`]);
    expect(step.state).toMatchObject({ phase: 'flop', pot: 140, currentBet: 0 });
    expect(step.state.players.map((p) => p.currentBet)).toEqual([0, 0]);

    step = pokerCheck(step.state, rng);
    expect(step.messages).toEqual(['You check.', 'AI Bot checks.', 'Turn: J♣ (board: 2♣ 7♦ 9♥ J♣)', `Your turn (pot 140, you have 430 chips): ${TURN}`]);

    step = pokerRaise(step.state, 30, rng);
    expect(step.messages).toEqual([
      'You bet 30 chips.',
      'AI Bot calls 30 chips.',
      'River: 3♠ (board: 2♣ 7♦ 9♥ J♣ 3♠)',
      `Your turn (pot 200, you have 400 chips): ${TURN}`,
    ]);

    step = pokerCheck(step.state, rng);
    expect(step.messages).toEqual([
      'You check.',
      'AI Bot checks.',
      'Showdown! Board: 2♣ 7♦ 9♥ J♣ 3♠',
      'You: A♠ A♥ - One Pair (A♠ A♥ J♣ 9♥ 7♦)',
      'AI Bot: K♠ K♥ - One Pair (K♠ K♥ J♣ 9♥ 7♦)',
      'You win the pot of 200 chips with One Pair!',
      'Game over. You finish with 600 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({
      isActive: false,
      phase: 'showdown',
      pot: 0,
      winner: 'Aria',
      winningHand: 'One Pair',
      split: false,
      endedBy: 'showdown',
    });
    expect(step.state.players.map((p) => p.chips)).toEqual([600, 900]);
    expect(settlePoker(step.state)).toEqual({ playerChips: 600, net: 100, finished: true });
    expect(rng.left()).toBe(0);
  });

  it('pays the bot when its hand is better', () => {
    const rng = scriptedRng({ top: deal(['Ks', 'Kh'], ['As', 'Ah'], ['2c', '7d', '9h', 'Jc', '3s']), draws: [0.1, 0.1, 0.1, 0.1] });
    let step = startPoker({ playerChips: 100 }, rng);
    step = pokerBet(step.state, 40, rng);
    expect(step.messages.slice(0, 2)).toEqual(['You bet 40 chips.', 'AI Bot calls 40 chips.']);
    for (let i = 0; i < 3; i++) step = pokerCheck(step.state, rng);
    expect(step.messages.slice(-2)).toEqual([
      'AI Bot wins the pot of 80 chips with One Pair.',
      'Game over. You finish with 60 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({ winner: 'AI Bot', winningHand: 'One Pair', endedBy: 'showdown' });
    expect(settlePoker(step.state)).toEqual({ playerChips: 60, net: -40, finished: true });
  });

  it('splits the pot when both players play the board', () => {
    const rng = scriptedRng({ top: deal(['2c', '3d'], ['4h', '5c'], ['As', 'Ks', 'Qs', 'Js', 'Ts']), draws: [0.1, 0.1, 0.1, 0.1] });
    let step = startPoker({ playerChips: 300 }, rng);
    step = pokerBet(step.state, 25, rng);
    for (let i = 0; i < 3; i++) step = pokerCheck(step.state, rng);
    expect(step.messages.slice(-2)).toEqual([
      'Split pot! Both players have Royal Flush: you get 25 chips and AI Bot gets 25.',
      'Game over. You finish with 300 chips. Type /poker to play again.',
    ]);
    expect(step.state).toMatchObject({ winner: null, split: true, winningHand: 'Royal Flush' });
    expect(step.state.players.map((p) => p.chips)).toEqual([300, 1000]);
  });
});

describe('spec 02 §4 poker: a seeded hand ended by a fold', () => {
  it('gives the bot the pot when the human folds to a raise, cards stay hidden', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.7, 0.99] });
    let step = startPoker({ playerChips: 500 }, rng);
    step = pokerBet(step.state, 40, rng);
    expect(step.messages[1]).toBe('AI Bot raises by 30 to 70 chips.');
    step = pokerFold(step.state);
    expect(step.messages).toEqual(['You fold.', 'AI Bot wins the pot of 110 chips.', 'Game over. You finish with 460 chips. Type /poker to play again.']);
    expect(step.state).toMatchObject({ isActive: false, endedBy: 'fold', winner: 'AI Bot', winningHand: null, phase: 'preflop', pot: 0 });
    expect(step.state.players.map((p) => p.chips)).toEqual([460, 1040]);
    expect(publicPokerView(step.state).players[1].cards).toBeNull();
    expect(settlePoker(step.state)).toEqual({ playerChips: 460, net: -40, finished: true });
  });

  it('gives the human the pot when the bot folds (draw 0.8 or more), even after a check', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.1, 0.8] });
    let step = startPoker({ playerChips: 500 }, rng);
    step = pokerBet(step.state, 10, rng);
    step = pokerCheck(step.state, rng);
    expect(step.messages).toEqual(['You check.', 'AI Bot folds.', 'You win the pot of 20 chips!', 'Game over. You finish with 510 chips. Type /poker to play again.']);
    expect(step.state).toMatchObject({ endedBy: 'fold', winner: 'You', phase: 'flop' });
  });
});

describe('spec 02 §4 poker: all-in', () => {
  it('accepts an all-in call for less, returns the uncalled chips and deals the board out', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.6, 0.9] });
    let step = startPoker({ playerChips: 30 }, rng);
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
      'You win the pot of 60 chips with One Pair!',
      'Game over. You finish with 60 chips. Type /poker to play again.',
    ]);
    expect(step.state.players.map((p) => p.chips)).toEqual([60, 970]);
  });

  it('lets the bot call all-in for less and returns the human the rest', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.6] });
    let step = startPoker({ playerChips: 2000 }, rng);
    step = pokerBet(step.state, 2000, rng);
    expect(step.messages.slice(0, 3)).toEqual(['You bet 2000 chips. You are all-in!', 'AI Bot calls 1000 chips and is all-in.', '1000 uncalled chips return to you.']);
    expect(step.state.players.map((p) => p.chips)).toEqual([3000, 0]);
    expect(rng.left()).toBe(0);
  });

  it('caps the bot raise by its chips', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.6, 0.99] });
    let step = startPoker({ playerChips: 5000 }, rng);
    step = pokerBet(step.state, 995, rng);
    expect(step.messages.slice(1)).toEqual([
      'AI Bot raises by 5 to 1000 chips and is all-in.',
      'Your turn (pot 1995, 5 to call, you have 4005 chips): /bet 1000 to call, /raise [amount] or /fold.',
    ]);
    step = pokerBet(step.state, 1000, rng);
    expect(step.messages[0]).toBe('You call 5 chips.');
    expect(step.state).toMatchObject({ endedBy: 'showdown', phase: 'showdown' });
    expect(step.state.players.map((p) => p.chips)).toEqual([6000, 0]);
  });

  it('turns the bot raise into a call when the human is all-in', () => {
    const rng = scriptedRng({ top: ACES_VS_KINGS, draws: [0.7] });
    const step = pokerBet(startPoker({ playerChips: 500 }, rng).state, 500, rng);
    expect(step.messages[1]).toBe('AI Bot calls 500 chips.');
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
      const fallback: PokerAction =
        owed === 0 ? { type: 'check' } : { type: 'bet', amount: owed > me.chips ? me.currentBet + me.chips : s.currentBet };
      step = pokerAct(s, fallback, rng);
    }
    steps++;
    const { players, pot } = step.state;
    expect(players[0].chips + players[1].chips + pot).toBe(chips + 1000);
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
