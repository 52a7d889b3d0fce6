import { RuleError } from './errors.ts';

/** Runs `run` and returns the RuleError it throws; fails the test if it throws nothing or something else. */
export function ruleErrorOf(run: () => unknown): RuleError {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected a RuleError');
}
