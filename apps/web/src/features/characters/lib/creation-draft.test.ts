import { describe, expect, it } from 'vitest';
import { DEFAULT_APPEARANCE } from '@rpg/game';
import { draftReducer, EMPTY_DRAFT, isStepOneProblem, stepOneErrors, toCreateInput, toUpdateInput, type CreationDraft } from './creation-draft';

const complete: CreationDraft = { ...EMPTY_DRAFT, name: '  Aria   Swift ', race: 'elf', characterClass: 'mage', gender: 'female' };

describe('spec 01 section 5: creation step 1', () => {
  it('reports all four Required toasts for an empty step, in order', () => {
    const errors = stepOneErrors(EMPTY_DRAFT);
    expect(errors.map((error) => [error.title, error.message])).toEqual([
      ['Name Required', 'Please enter a character name'],
      ['Race Required', 'Please select a character race'],
      ['Class Required', 'Please select a character class'],
      ['Gender Required', 'Please select a gender for your character'],
    ]);
  });

  it('reports only what is missing', () => {
    const errors = stepOneErrors({ ...EMPTY_DRAFT, name: 'Aria', characterClass: 'mage' });
    expect(errors.map((error) => error.title)).toEqual(['Race Required', 'Gender Required']);
  });

  it("reports a name the rules refuse with the rules' text", () => {
    const errors = stepOneErrors({ ...complete, name: 'A' });
    expect(errors.map((error) => [error.title, error.message])).toEqual([['Invalid Name', 'Character names must be 2 to 24 characters long.']]);
  });

  it('stays on step 1 while anything is missing', () => {
    const draft = draftReducer({ ...complete, gender: null }, { type: 'next' });
    expect(draft.step).toBe('basic');
  });

  it('moves to step 2 when all four are set, and Back returns to step 1', () => {
    expect(stepOneErrors(complete)).toEqual([]);
    const finalize = draftReducer(complete, { type: 'next' });
    expect(finalize.step).toBe('finalize');
    expect(draftReducer(finalize, { type: 'back' }).step).toBe('basic');
  });

  it('merges appearance changes and keeps the rest', () => {
    const draft = draftReducer(complete, { type: 'set-appearance', appearance: { hairStyle: 'braided', hairColor: '#AA3300' } });
    expect(draft.appearance).toEqual({ ...DEFAULT_APPEARANCE, hairStyle: 'braided', hairColor: '#AA3300' });
    expect(draft.name).toBe(complete.name);
  });
});

describe('spec 01 section 3: the new-character payload', () => {
  it('refuses an incomplete draft with the first problem', () => {
    expect(() => toCreateInput(EMPTY_DRAFT)).toThrow('Please enter a character name');
  });

  it('sends the cleaned name, the choices and the appearance', () => {
    expect(toCreateInput(complete)).toEqual({
      name: 'Aria Swift',
      race: 'elf',
      class: 'mage',
      gender: 'female',
      appearance: DEFAULT_APPEARANCE,
    });
  });

  it('edits only name, gender and appearance', () => {
    expect(toUpdateInput(complete)).toEqual({ name: 'Aria Swift', gender: 'female', appearance: DEFAULT_APPEARANCE });
  });

  it('sends the player back to step 1 for step-1 refusals only', () => {
    expect(isStepOneProblem('gender_required')).toBe(true);
    expect(isStepOneProblem('name_invalid')).toBe(true);
    expect(isStepOneProblem('character_limit_reached')).toBe(false);
  });
});
