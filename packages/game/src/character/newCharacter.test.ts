import { describe, expect, it } from 'vitest';
import type { RuleError } from '../errors.ts';
import { DEFAULT_APPEARANCE } from './appearance.ts';
import { availableAttributePoints } from './attributePoints.ts';
import { previewStats } from './preview.ts';
import {
  createNewCharacter,
  startingAttributes,
  startingSkillPoints,
  validateBasicInformation,
  validateCharacterName,
  type NewCharacterInput,
} from './newCharacter.ts';
import { ruleErrorOf as refusal } from '../errors.testutil.ts';
import { ATTRIBUTE_KEYS } from '../types.ts';

const valid: NewCharacterInput = { name: 'Aria', race: 'human', class: 'warrior', gender: 'female' };

const toast = (error: RuleError) => ({ code: error.code, title: error.title, message: error.message, status: error.status });

describe('character creation step 1 (spec 01 §5)', () => {
  it('asks for a name first, a missing or blank name alike', () => {
    const expected = { code: 'name_required', title: 'Name Required', message: 'Please enter a character name', status: 400 };
    expect(toast(refusal(() => validateBasicInformation({})))).toEqual(expected);
    expect(toast(refusal(() => validateBasicInformation({ ...valid, name: '   ' })))).toEqual(expected);
    expect(toast(refusal(() => validateBasicInformation({ ...valid, name: null })))).toEqual(expected);
  });

  it('then a race, a class and a gender, in that order', () => {
    expect(toast(refusal(() => validateBasicInformation({ name: 'Aria' })))).toEqual({
      code: 'race_required',
      title: 'Race Required',
      message: 'Please select a character race',
      status: 400,
    });
    expect(toast(refusal(() => validateBasicInformation({ name: 'Aria', race: 'elf' })))).toEqual({
      code: 'class_required',
      title: 'Class Required',
      message: 'Please select a character class',
      status: 400,
    });
    expect(toast(refusal(() => validateBasicInformation({ name: 'Aria', race: 'elf', class: 'mage' })))).toEqual({
      code: 'gender_required',
      title: 'Gender Required',
      message: 'Please select a gender for your character',
      status: 400,
    });
  });

  it('counts an unknown race, class or gender as not selected', () => {
    expect(refusal(() => validateBasicInformation({ ...valid, race: 'wizard' })).code).toBe('race_required');
    expect(refusal(() => validateBasicInformation({ ...valid, race: '' })).code).toBe('race_required');
    expect(refusal(() => validateBasicInformation({ ...valid, class: 'druid' })).code).toBe('class_required');
    expect(refusal(() => validateBasicInformation({ ...valid, gender: 'other' })).code).toBe('gender_required');
  });

  it('passes a complete step 1, with the name cleaned', () => {
    expect(validateBasicInformation({ ...valid, name: '  Aria  ' })).toEqual({
      name: 'Aria',
      race: 'human',
      characterClass: 'warrior',
      gender: 'female',
    });
  });
});

describe('character names (spec 01 §5, docs/decisions/characters.md, "Creation rules")', () => {
  it('refuses names shorter than 2 or longer than 24 characters', () => {
    const message = 'Character names must be 2 to 24 characters long.';
    expect(toast(refusal(() => validateCharacterName(' A ')))).toEqual({ code: 'name_invalid', title: 'Invalid Name', message, status: 400 });
    expect(refusal(() => validateCharacterName('A'.repeat(25))).message).toBe(message);
  });

  it('refuses characters other than letters, digits, spaces, apostrophes and hyphens', () => {
    const message = 'Character names may only contain letters, digits, spaces, apostrophes and hyphens.';
    for (const name of ['Bob!', 'x_y', '<script>', 'Ann.', 'Zoë😀']) {
      expect(refusal(() => validateCharacterName(name)).message).toBe(message);
    }
  });

  it('refuses a name without a single letter', () => {
    expect(refusal(() => validateCharacterName("4-2 '")).message).toBe('Character names need at least one letter.');
  });

  it('trims, folds runs of spaces, and accepts letters of any script', () => {
    expect(validateCharacterName('Al')).toBe('Al');
    expect(validateCharacterName('A'.repeat(24))).toBe('A'.repeat(24));
    expect(validateCharacterName("  Sir   Gal'ahad-2  ")).toBe("Sir Gal'ahad-2");
    expect(validateCharacterName('Zoë Ångström')).toBe('Zoë Ångström');
    expect(validateCharacterName('Zoe\u0308')).toBe('Zoë');
  });
});

describe('new character (spec 01 §3, §4, §9, DECISIONS §3)', () => {
  it('refuses a third character with the spec toast', () => {
    expect(toast(refusal(() => createNewCharacter(valid, 2)))).toEqual({
      code: 'character_limit_reached',
      title: 'Character Limit Reached',
      message: 'You can only create up to 2 characters.',
      status: 409,
    });
    // The limit comes first, before the step 1 checks (spec 01 §4).
    expect(refusal(() => createNewCharacter({}, 2)).code).toBe('character_limit_reached');
  });

  it('refuses a missing gender and a bad appearance', () => {
    expect(refusal(() => createNewCharacter({ ...valid, gender: undefined }, 0)).code).toBe('gender_required');
    expect(refusal(() => createNewCharacter({ ...valid, appearance: { eyeColor: 'blue' } }, 1)).code).toBe('appearance_invalid');
  });

  it('builds a level-1 human warrior from the combined stats preview', () => {
    const character = createNewCharacter({ ...valid, name: ' Aria ' }, 1);
    const attributes = {
      strength: 8,
      dexterity: 6,
      intelligence: 6,
      constitution: 7,
      attack: 0,
      magicPower: 0,
      speed: -1,
      defense: 0,
      health: 17,
      currentHealth: 17,
      maxHealth: 17,
      currentMana: 0,
      maxMana: 0,
    };
    expect(character).toEqual({
      name: 'Aria',
      race: 'human',
      characterClass: 'warrior',
      gender: 'female',
      level: 1,
      xp: 0,
      copper: 0,
      attributes,
      base: attributes,
      appearance: DEFAULT_APPEARANCE,
      skillPoints: 0,
      spentAttributePoints: {},
    });
    expect(character.base).not.toBe(character.attributes);
    expect(availableAttributePoints(character)).toBe(0);
  });

  it('gives mana classes 10/10 mana and keeps the chosen appearance', () => {
    const character = createNewCharacter(
      { name: 'Morwen', race: 'undead', class: 'necromancer', gender: 'male', appearance: { hairStyle: 'bald', skinTone: '#c0c0c0' } },
      0,
    );
    expect(character.attributes).toEqual({
      strength: 5,
      dexterity: 5,
      intelligence: 8,
      constitution: 2,
      attack: 0,
      magicPower: 0,
      speed: 0,
      defense: 2,
      health: 12,
      currentHealth: 12,
      maxHealth: 12,
      currentMana: 10,
      maxMana: 10,
    });
    expect(character.appearance).toEqual({ ...DEFAULT_APPEARANCE, hairStyle: 'bald', skinTone: '#C0C0C0' });
  });

  it('starts every race and class pair exactly at its preview', () => {
    for (const [race, characterClass] of [
      ['elf', 'mage'],
      ['fae', 'summoner'],
      ['troll', 'cleric'],
      ['goblin', 'rogue'],
    ] as const) {
      const { health, mana, ...stats } = previewStats(race, characterClass);
      expect(startingAttributes(race, characterClass)).toEqual({
        ...stats,
        health,
        currentHealth: health,
        maxHealth: health,
        currentMana: mana,
        maxMana: mana,
      });
    }
  });

  it('gives level - 1 skill points', () => {
    expect(startingSkillPoints(1)).toBe(0);
    expect(startingSkillPoints(4)).toBe(3);
  });
});

describe('the attributes a character has (spec 01 §3)', () => {
  it('are the keys every statement writing them goes through', () => {
    const { attributes } = createNewCharacter(valid, 0);
    expect(Object.keys(attributes).sort()).toEqual([...ATTRIBUTE_KEYS].sort());
  });
});
