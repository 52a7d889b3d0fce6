import { RuleError } from '../errors.ts';

/** docs/decisions/characters.md, "Storage and API" (spec 01 §5): race and class are fixed once the character exists. */
export const RACE_CLASS_FIXED = 'Race and class are chosen at creation and cannot be changed.';

/**
 * Spec 01 §5 (docs/decisions/characters.md, "Storage and API"): an edit changes name, gender and appearance;
 * a body naming `race` or `class` is refused with its own toast, before the fields are checked.
 */
export function checkCharacterEdit(body: unknown): void {
  if (typeof body === 'object' && body !== null && ('race' in body || 'class' in body)) {
    throw new RuleError('race_class_fixed', RACE_CLASS_FIXED, { title: 'Cannot Change Race or Class' });
  }
}

/** Spec 01: the answer for a character that is missing or someone else's. */
export const CHARACTER_NOT_FOUND = 'Character not found';

/**
 * Spec 01: a character that is missing or someone else's (every read is scoped to its owner, so
 * the two look the same): 404 'Character not found'.
 */
export function characterNotFound(): RuleError {
  return new RuleError('not_found', CHARACTER_NOT_FOUND, { status: 404 });
}

/** Spec 02 §8 "Chat": a console command whose character is not the player's (or is gone). */
export function consoleCharacterNotFound(): RuleError {
  return new RuleError('character_not_found', 'Error: Character not found.');
}

/** Spec 03 §8: 'No Character Selected' / 'Please create or select a character first.' */
export function noCharacterSelected(): RuleError {
  return new RuleError('no_active_character', 'Please create or select a character first.', { title: 'No Character Selected', status: 409 });
}
