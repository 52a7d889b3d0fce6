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

/** Spec 02 §8 "Chat": a console command whose character is not the player's (or is gone). */
export function consoleCharacterNotFound(): RuleError {
  return new RuleError('character_not_found', 'Error: Character not found.');
}

/** Spec 03 §8: 'No Character Selected' / 'Please create or select a character first.' */
export function noCharacterSelected(): RuleError {
  return new RuleError('no_active_character', 'Please create or select a character first.', { title: 'No Character Selected', status: 409 });
}
