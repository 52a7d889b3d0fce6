export { simulateCareer, hoursTo, adventuresTo, type CareerOptions, type CareerResult, type Policy } from './career.ts';
export { simulatePoker, strategyGrid, NAMED_STRATEGIES, type PokerRun, type Strategy } from './poker.ts';
export { runBalance, formatFigures, type BalanceOptions, type Figure } from './report.ts';
