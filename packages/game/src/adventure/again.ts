import { RuleError } from '../errors.ts';
import type { LocationId } from '../content/locations.ts';

/** The adventure to repeat: where and at which level the character last went. */
export interface AdventureChoice {
  location: LocationId;
  level: number;
}

export const NO_ADVENTURE_TO_REPEAT = 'No adventure to repeat yet. Usage: /adventure [location] [level]';

/**
 * "Again" (docs/decisions/adventures.md, "Again, and no queue"): the same location and level as the character's
 * last settled adventure. A character who has never come back from one is told how to set out.
 */
export function againChoice(last: AdventureChoice | null | undefined): AdventureChoice {
  if (!last) throw new RuleError('no_adventure_to_repeat', NO_ADVENTURE_TO_REPEAT);
  return { location: last.location, level: last.level };
}
