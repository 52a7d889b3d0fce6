import { copper, type Copper } from '../currency/copper.ts';
import { isCharacterClass } from '../content/classes.ts';
import { isRace } from '../content/races.ts';
import { RuleError } from '../errors.ts';
import { assertNotReserved, normalizeName } from '../names/names.ts';
import { GENDERS, type Attributes, type CharacterClass, type Gender, type Race } from '../types.ts';
import { validateAppearance, type Appearance, type AppearanceInput } from './appearance.ts';
import type { SpentAttributePoints } from './attributePoints.ts';
import { SKILL_POINTS_PER_LEVEL } from './leveling.ts';
import { previewStats } from './preview.ts';

/** Spec 01 §5 / §9: at most 2 characters per user. */
export const MAX_CHARACTERS_PER_USER = 2;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 24;

/** Letters (any script), digits, spaces, apostrophes and hyphens. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} '-]+$/u;
const HAS_LETTER = /\p{L}/u;

/**
 * What the creation screen sends (spec 01 §3 "New-character payload"). Every
 * field may be missing or empty: the rule, not the type, reports it.
 */
export interface NewCharacterInput {
  name?: string | null;
  race?: string | null;
  class?: string | null;
  gender?: string | null;
  appearance?: AppearanceInput | null;
}

/** A character as it is first stored. */
export interface NewCharacter {
  name: string;
  race: Race;
  characterClass: CharacterClass;
  gender: Gender;
  level: number;
  xp: number;
  copper: Copper;
  /** The live attributes. */
  attributes: Attributes;
  /** Spec 01 §3: the base_ copies, equal to the attributes at creation. */
  base: Attributes;
  appearance: Appearance;
  /** Spec 03 / DECISIONS §3: level - 1 at creation, so 0. */
  skillPoints: number;
  /** DECISIONS §3: 3 x (level - 1) are earned, so none yet and none spent. */
  spentAttributePoints: SpentAttributePoints;
}

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

/** DECISIONS §3: skill points at creation are level - 1. */
export function startingSkillPoints(level: number): number {
  return SKILL_POINTS_PER_LEVEL * (level - 1);
}

/**
 * Our name rule (the spec has none beyond "required"): NFKC, trimmed, runs of
 * spaces folded to one, no invisible characters or mixed look-alike alphabets
 * (names/names.ts), 2 to 24 characters of letters, digits, spaces, apostrophes
 * or hyphens, with at least one letter, and not a name of the game or its staff
 * ('Game Master', 'AI Bot', …: issue 25). Returns the clean name.
 */
export function validateCharacterName(raw: string | null | undefined): string {
  const name = normalizeName(raw ?? '', 'character');
  if (name === '') {
    throw new RuleError('name_required', 'Please enter a character name', { title: 'Name Required' });
  }
  const length = [...name].length;
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) {
    throw new RuleError('name_invalid', `Character names must be ${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters long.`, {
      title: 'Invalid Name',
    });
  }
  if (!NAME_CHARACTERS.test(name)) {
    throw new RuleError('name_invalid', 'Character names may only contain letters, digits, spaces, apostrophes and hyphens.', {
      title: 'Invalid Name',
    });
  }
  if (!HAS_LETTER.test(name)) {
    throw new RuleError('name_invalid', 'Character names need at least one letter.', { title: 'Invalid Name' });
  }
  assertNotReserved(name);
  return name;
}

/**
 * The attributes of a new character: exactly the combined stats preview
 * (spec 01 §3), with current = max health and, for mana classes, 10/10 mana.
 */
export function startingAttributes(race: Race, characterClass: CharacterClass): Attributes {
  const { health, mana, ...stats } = previewStats(race, characterClass);
  return { ...stats, health, currentHealth: health, maxHealth: health, currentMana: mana, maxMana: mana };
}

/** Spec 01 §5: refuses a third character with the spec's toast. */
export function assertCharacterSlotFree(existingCharacterCount: number): void {
  if (existingCharacterCount >= MAX_CHARACTERS_PER_USER) {
    throw new RuleError('character_limit_reached', `You can only create up to ${MAX_CHARACTERS_PER_USER} characters.`, {
      title: 'Character Limit Reached',
      status: 409,
    });
  }
}

export interface BasicInformation {
  name: string;
  race: Race;
  characterClass: CharacterClass;
  gender: Gender;
}

/**
 * Spec 01 §5 "Creation step 1": checks name, race, class and gender in that
 * order with the spec's toasts (an unknown value counts as not selected).
 * The creation screen runs it before step 2; createNewCharacter runs it again.
 */
export function validateBasicInformation(input: NewCharacterInput): BasicInformation {
  const name = validateCharacterName(input.name);
  if (!isRace(input.race)) {
    throw new RuleError('race_required', 'Please select a character race', { title: 'Race Required' });
  }
  if (!isCharacterClass(input.class)) {
    throw new RuleError('class_required', 'Please select a character class', { title: 'Class Required' });
  }
  if (!isGender(input.gender)) {
    throw new RuleError('gender_required', 'Please select a gender for your character', { title: 'Gender Required' });
  }
  return { name, race: input.race, characterClass: input.class, gender: input.gender };
}

/**
 * Spec 01 §4 "Character creation": refuses at the character limit, checks
 * step 1 and the appearance, and builds the level-1 character, whose
 * attributes are the combined stats preview.
 */
export function createNewCharacter(input: NewCharacterInput, existingCharacterCount: number): NewCharacter {
  assertCharacterSlotFree(existingCharacterCount);
  const basics = validateBasicInformation(input);
  const appearance = validateAppearance(input.appearance);
  const attributes = startingAttributes(basics.race, basics.characterClass);
  return {
    ...basics,
    level: 1,
    xp: 0,
    copper: copper(0),
    attributes,
    base: { ...attributes },
    appearance,
    skillPoints: startingSkillPoints(1),
    spentAttributePoints: {},
  };
}
