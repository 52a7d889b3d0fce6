import { CLASS_DEFINITIONS, CLASSES, CLOTHES_STYLES, GENDERS, HAIR_STYLES, RACE_DEFINITIONS, RACES } from '@rpg/game';
import type { CharacterClass, ClothesStyle, Gender, HairStyle, Race } from '@rpg/game';
import { capitalise } from '../../lib/labels';
import type { Choice } from './ChoiceGroup';

export const RACE_CHOICES: readonly Choice<Race>[] = RACES.map((race) => ({ value: race, label: RACE_DEFINITIONS[race].name }));
export const CLASS_CHOICES: readonly Choice<CharacterClass>[] = CLASSES.map((c) => ({ value: c, label: CLASS_DEFINITIONS[c].name }));
export const GENDER_CHOICES: readonly Choice<Gender>[] = GENDERS.map((gender) => ({ value: gender, label: capitalise(gender) }));
export const HAIR_STYLE_CHOICES: readonly Choice<HairStyle>[] = HAIR_STYLES.map((style) => ({ value: style, label: capitalise(style) }));
export const CLOTHES_STYLE_CHOICES: readonly Choice<ClothesStyle>[] = CLOTHES_STYLES.map((style) => ({ value: style, label: capitalise(style) }));

export interface ColourPreset {
  name: string;
  hex: string;
}

export const HAIR_COLOURS: readonly ColourPreset[] = [
  { name: 'Black', hex: '#000000' },
  { name: 'Brown', hex: '#5A3825' },
  { name: 'Auburn', hex: '#8B3A1A' },
  { name: 'Blonde', hex: '#D8B45A' },
  { name: 'Silver', hex: '#C0C0C8' },
  { name: 'Crimson', hex: '#9E1B2B' },
];

export const EYE_COLOURS: readonly ColourPreset[] = [
  { name: 'Black', hex: '#000000' },
  { name: 'Brown', hex: '#5A3825' },
  { name: 'Blue', hex: '#2F6FB0' },
  { name: 'Green', hex: '#3B7A3B' },
  { name: 'Amber', hex: '#C98A1B' },
  { name: 'Violet', hex: '#6A3FA0' },
];

export const SKIN_TONES: readonly ColourPreset[] = [
  { name: 'Umber', hex: '#8D5524' },
  { name: 'Fair', hex: '#F1C27D' },
  { name: 'Tan', hex: '#C68642' },
  { name: 'Ebony', hex: '#4A2C17' },
  { name: 'Moss', hex: '#6F8F4E' },
  { name: 'Ash', hex: '#9AA3AD' },
];
