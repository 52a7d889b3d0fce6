import type { CharacterView } from '@rpg/contract';
import {
  DEFAULT_APPEARANCE,
  isRuleError,
  validateBasicInformation,
  type Appearance,
  type CharacterClass,
  type Gender,
  type Race,
  type RuleError,
} from '@rpg/game';
import type { CreateCharacterInput } from '../api/create-character';
import type { UpdateCharacterInput } from '../api/update-character';

export type CreationStep = 'basic' | 'finalize';

/** What the creation (or edit) screen holds until the player sends it. */
export interface CreationDraft {
  step: CreationStep;
  name: string;
  race: Race | null;
  characterClass: CharacterClass | null;
  gender: Gender | null;
  appearance: Appearance;
}

export const EMPTY_DRAFT: CreationDraft = {
  step: 'basic',
  name: '',
  race: null,
  characterClass: null,
  gender: null,
  appearance: { ...DEFAULT_APPEARANCE },
};

/** The edit screen starts from the saved character (race and class stay as they are). */
export function draftFromCharacter(character: CharacterView): CreationDraft {
  return {
    step: 'basic',
    name: character.name,
    race: character.race,
    characterClass: character.class,
    gender: character.gender,
    appearance: { ...character.appearance },
  };
}

type BasicField = 'name' | 'race' | 'class' | 'gender';
const BASIC_FIELDS: readonly BasicField[] = ['name', 'race', 'class', 'gender'];
/** Known-good values that stand in for the other fields while one field is checked. */
const STAND_IN = { name: 'Adventurer', race: 'human', class: 'warrior', gender: 'male' } as const;

/**
 * Spec 01 section 5 "Creation step 1": every problem of step 1 at once ('Name Required', 'Race
 * Required', 'Class Required', 'Gender Required', or 'Invalid Name'), in the rule's order. The
 * rules package stops at the first problem, so each field is checked on its own.
 */
export function stepOneErrors(draft: Pick<CreationDraft, 'name' | 'race' | 'characterClass' | 'gender'>): RuleError[] {
  const given = { name: draft.name, race: draft.race, class: draft.characterClass, gender: draft.gender };
  const errors: RuleError[] = [];
  for (const field of BASIC_FIELDS) {
    try {
      validateBasicInformation({ ...STAND_IN, [field]: given[field] });
    } catch (error) {
      if (!isRuleError(error)) throw error;
      errors.push(error);
    }
  }
  return errors;
}

export type DraftAction =
  | { type: 'set-name'; name: string }
  | { type: 'set-race'; race: Race }
  | { type: 'set-class'; characterClass: CharacterClass }
  | { type: 'set-gender'; gender: Gender }
  | { type: 'set-appearance'; appearance: Partial<Appearance> }
  | { type: 'next' }
  | { type: 'back' };

/** Spec 01 section 4: step 1 moves on only when name, race, class and gender are all valid. */
export function draftReducer(draft: CreationDraft, action: DraftAction): CreationDraft {
  switch (action.type) {
    case 'set-name':
      return { ...draft, name: action.name };
    case 'set-race':
      return { ...draft, race: action.race };
    case 'set-class':
      return { ...draft, characterClass: action.characterClass };
    case 'set-gender':
      return { ...draft, gender: action.gender };
    case 'set-appearance':
      return { ...draft, appearance: { ...draft.appearance, ...action.appearance } };
    case 'next':
      return stepOneErrors(draft).length === 0 ? { ...draft, step: 'finalize' } : draft;
    case 'back':
      return { ...draft, step: 'basic' };
  }
}

/** The POST body; throws the first step-1 problem if the draft is not complete. */
export function toCreateInput(draft: CreationDraft): CreateCharacterInput {
  const basics = validateBasicInformation({ name: draft.name, race: draft.race, class: draft.characterClass, gender: draft.gender });
  return { name: basics.name, race: basics.race, class: basics.characterClass, gender: basics.gender, appearance: draft.appearance };
}

/** The PATCH body of the edit screen: name, gender and appearance (race and class are fixed). */
export function toUpdateInput(draft: CreationDraft): UpdateCharacterInput {
  const basics = validateBasicInformation({ name: draft.name, race: draft.race, class: draft.characterClass, gender: draft.gender });
  return { name: basics.name, gender: basics.gender, appearance: draft.appearance };
}

/** Server refusals that belong to step 1 send the player back there (spec 01 section 4). */
export function isStepOneProblem(code: string): boolean {
  return code.endsWith('_required') || code === 'name_invalid';
}
