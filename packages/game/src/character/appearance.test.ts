import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { CLOTHES_STYLES, DEFAULT_APPEARANCE, HAIR_STYLES, isHexColor, validateAppearance, type AppearanceInput } from './appearance.ts';

function refusal(input: AppearanceInput): RuleError {
  try {
    validateAppearance(input);
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('expected validateAppearance to refuse');
}

describe('character appearance (spec 01 §3)', () => {
  it('refuses colours that are not #RRGGBB', () => {
    for (const bad of ['000000', '#000', '#00000G', '#0000000', 'black', '']) {
      expect(isHexColor(bad)).toBe(false);
    }
    const error = refusal({ hairColor: 'black' });
    expect(error).toMatchObject({ code: 'appearance_invalid', title: 'Invalid Appearance' });
    expect(error.message).toBe('Hair colour must be a colour written as #RRGGBB, for example #8D5524.');
    expect(refusal({ eyeColor: '#abc' }).message).toBe('Eye colour must be a colour written as #RRGGBB, for example #8D5524.');
    expect(refusal({ skinTone: '8D5524' }).message).toBe('Skin tone must be a colour written as #RRGGBB, for example #8D5524.');
  });

  it('refuses unknown hair and clothes styles, naming the choices', () => {
    expect(refusal({ hairStyle: 'afro-punk' }).message).toBe(
      'Unknown hair style "afro-punk". Choose one of: default, short, long, braided, ponytail, mohawk, bald.',
    );
    expect(refusal({ clothesStyle: 'tuxedo' }).message).toBe('Unknown clothes style "tuxedo". Choose one of: casual, leather, robes, armored, noble, rags.');
  });

  it('fills in the spec defaults for anything left out', () => {
    expect(DEFAULT_APPEARANCE).toEqual({
      hairStyle: 'default',
      hairColor: '#000000',
      eyeColor: '#000000',
      clothesStyle: 'casual',
      skinTone: '#8D5524',
    });
    expect(validateAppearance(undefined)).toEqual(DEFAULT_APPEARANCE);
    expect(validateAppearance(null)).toEqual(DEFAULT_APPEARANCE);
    expect(validateAppearance({ hairColor: null, hairStyle: 'long' })).toEqual({ ...DEFAULT_APPEARANCE, hairStyle: 'long' });
    expect(HAIR_STYLES).toContain('default');
    expect(CLOTHES_STYLES).toContain('casual');
  });

  it('keeps a valid choice and writes colours in upper case', () => {
    expect(validateAppearance({ hairStyle: 'braided', hairColor: '#a1b2c3', eyeColor: '#5A3825', clothesStyle: 'robes', skinTone: '#ffe0bd' })).toEqual({
      hairStyle: 'braided',
      hairColor: '#A1B2C3',
      eyeColor: '#5A3825',
      clothesStyle: 'robes',
      skinTone: '#FFE0BD',
    });
  });
});
