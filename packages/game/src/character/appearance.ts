import { RuleError } from '../errors.ts';

/** The hair styles the creation screen offers. */
export const HAIR_STYLES = ['default', 'short', 'long', 'braided', 'ponytail', 'mohawk', 'bald'] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

/** The clothes styles the creation screen offers. */
export const CLOTHES_STYLES = ['casual', 'leather', 'robes', 'armored', 'noble', 'rags'] as const;
export type ClothesStyle = (typeof CLOTHES_STYLES)[number];

/** Spec 01 §3 "Character appearance", in camelCase. Colours are '#RRGGBB' in upper case. */
export interface Appearance {
  hairStyle: HairStyle;
  hairColor: string;
  eyeColor: string;
  clothesStyle: ClothesStyle;
  skinTone: string;
}

/** What a client may send: any field left out (or null) takes its default. */
export type AppearanceInput = { [K in keyof Appearance]?: string | null };

/** Spec 01 §3 / §9: the appearance a character gets when the player changes nothing. */
export const DEFAULT_APPEARANCE: Readonly<Appearance> = {
  hairStyle: 'default',
  hairColor: '#000000',
  eyeColor: '#000000',
  clothesStyle: 'casual',
  skinTone: '#8D5524',
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** True for a '#RRGGBB' colour (either case). */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

function invalid(message: string): RuleError {
  return new RuleError('appearance_invalid', message, { title: 'Invalid Appearance' });
}

function color(value: string | null | undefined, fallback: string, label: string): string {
  if (value === undefined || value === null) return fallback;
  if (!isHexColor(value)) throw invalid(`${label} must be a colour written as #RRGGBB, for example #8D5524.`);
  return value.toUpperCase();
}

function style<T extends string>(value: string | null | undefined, fallback: T, allowed: readonly T[], label: string): T {
  if (value === undefined || value === null) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(`Unknown ${label} "${value}". Choose one of: ${allowed.join(', ')}.`);
  }
  return value as T;
}

/**
 * Spec 01 §3: checks an appearance sent by the client and fills in the
 * defaults for whatever it left out. Colours come back in upper case.
 */
export function validateAppearance(input: AppearanceInput | null | undefined): Appearance {
  const given = input ?? {};
  return {
    hairStyle: style(given.hairStyle, DEFAULT_APPEARANCE.hairStyle, HAIR_STYLES, 'hair style'),
    hairColor: color(given.hairColor, DEFAULT_APPEARANCE.hairColor, 'Hair colour'),
    eyeColor: color(given.eyeColor, DEFAULT_APPEARANCE.eyeColor, 'Eye colour'),
    clothesStyle: style(given.clothesStyle, DEFAULT_APPEARANCE.clothesStyle, CLOTHES_STYLES, 'clothes style'),
    skinTone: color(given.skinTone, DEFAULT_APPEARANCE.skinTone, 'Skin tone'),
  };
}
