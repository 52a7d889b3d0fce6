export {
  CARD_VALUES,
  cardCode,
  cardFromCode,
  cardRank,
  createDeck,
  formatCards,
  makeCard,
  parseCard,
  shuffledDeck,
  SUIT_SYMBOLS,
  SUITS,
  type Card,
  type CardValue,
  type Suit,
} from './cards.ts';
export {
  compareHands,
  evaluateCodes,
  evaluateFive,
  evaluateHand,
  HAND_CATEGORIES,
  handCategory,
  handName,
  type HandName,
  type HandResult,
} from './evaluate.ts';
export {
  BOT_NAME,
  BOT_STARTING_CHIPS,
  POKER_ANTE,
  POKER_RAKE_PERCENT,
  POKER_TABLE_FEE_PERCENT,
  pokerRake,
  pokerTableFee,
  NO_ACTIVE_GAME,
  POKER_PHASES,
  type PokerPhase,
  type PokerPlayer,
  type PokerState,
  type PokerStep,
} from './game.ts';
export { BOT_BLUFF_CHANCE, BOT_CALL_MARGIN, BOT_PRESSURE_MARGIN, BOT_RAISE_MARGIN, BOT_RAISES, BOT_VALUE_EQUITY, botEquity, equityToCall } from './bot.ts';
export { estimateEquity, EQUITY_SAMPLES } from './equity.ts';
export { preflopEquity } from './preflop.ts';
export { checkNoHandInProgress, HAND_IN_PROGRESS, NEED_CHIPS_MESSAGE, startPoker, type StartPokerInput } from './start.ts';
export { pokerCheck } from './check.ts';
export { INVALID_BET, pokerBet } from './bet.ts';
export { INVALID_RAISE, pokerRaise } from './raise.ts';
export { pokerFold } from './fold.ts';
export { pokerAct, type PokerAction } from './act.ts';
export { publicPokerView, type PublicPokerPlayer, type PublicPokerState } from './view.ts';
export { settlePoker, type PokerSettlement } from './settle.ts';
