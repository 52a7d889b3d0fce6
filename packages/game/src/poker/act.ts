import type { Rng } from '../rng.ts';
import { pokerBet } from './bet.ts';
import { pokerCheck } from './check.ts';
import { pokerFold } from './fold.ts';
import type { PokerState, PokerStep } from './game.ts';
import { pokerRaise } from './raise.ts';

/** Spec 02 §9 commands: /check (c), /bet N, /raise N, /fold (f). */
export type PokerAction = { type: 'check' } | { type: 'bet'; amount: number } | { type: 'raise'; amount: number } | { type: 'fold' };

/** Applies one human action and everything that follows it (the bot's answer, new streets, the end). */
export function pokerAct(state: PokerState | null | undefined, action: PokerAction, rng: Rng): PokerStep {
  switch (action.type) {
    case 'check':
      return pokerCheck(state, rng);
    case 'bet':
      return pokerBet(state, action.amount, rng);
    case 'raise':
      return pokerRaise(state, action.amount, rng);
    case 'fold':
      return pokerFold(state);
  }
}
