import { describe, expect, it } from 'vitest';
import { validateCharacterName } from '../character/newCharacter.ts';
import { USERNAME_LENGTH, usernameChange } from '../friends/username.ts';
import { createRng } from '../rng.ts';
import { defaultUsername } from './defaultUsername.ts';
import { invisibleCharactersMessage, isReservedName, mixedScriptsMessage, normalizeName, RESERVED_NAME_MESSAGE, RESERVED_NAMES } from './names.ts';

// The spec has no name rule beyond "required" (spec 01 §5) and spec 03 §5's profile texts; these
// are the security review's (issue 25), written down in docs/security.md, "Names".
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message, title: (error as { title?: string }).title };
  }
  throw new Error('not refused');
};

describe('names: invisible characters (issue 25)', () => {
  const invisible = {
    'zero-width space': 'Bo\u200Bb',
    'zero-width joiner': 'Bo\u200Db',
    'right-to-left override': '\u202EboB',
    'left-to-right isolate': 'Bob\u2066',
    'soft hyphen': 'Bo\u00ADb',
    'word joiner': 'Bo\u2060b',
    'byte order mark': '\uFEFFBob',
    'Hangul filler (a "letter" that shows nothing)': 'Bob\u3164',
    'variation selector': 'Bob\uFE0F',
    'tag character': 'Bob\u{E0041}',
    NUL: 'Bo\u0000b',
    'a tab inside': 'Bo\tb',
    'a newline inside': 'Bo\nb',
    'line separator': 'Bo\u2028b',
    'private use': 'Bob\uE000',
  };
  for (const [what, name] of Object.entries(invisible)) {
    it(`refuses a ${what} in a username and in a character name`, () => {
      expect(refusal(() => usernameChange('Someone', name))).toEqual({
        code: 'name_invisible',
        message: 'Usernames cannot contain invisible or control characters.',
        title: 'Invalid Name',
      });
      expect(refusal(() => validateCharacterName(name))).toEqual({
        code: 'name_invisible',
        message: invisibleCharactersMessage('character'),
        title: 'Invalid Name',
      });
    });
  }

  it('keeps letters with accents, other scripts and emoji in usernames', () => {
    expect(usernameChange('Someone', 'Zoë')).toBe('Zoë');
    expect(usernameChange('Someone', 'Ἀχιλλεύς')).toBe('Ἀχιλλεύς');
    expect(usernameChange('Someone', 'Дмитрий')).toBe('Дмитрий');
    expect(usernameChange('Someone', '龍の騎士')).toBe('龍の騎士');
    expect(usernameChange('Someone', 'Ann 🐉')).toBe('Ann 🐉');
  });
});

describe('names: NFKC before storing (issue 25)', () => {
  it('stores compatibility forms as their plain letters', () => {
    expect(usernameChange('Someone', 'Ｈｅｒｏ')).toBe('Hero');
    expect(usernameChange('Someone', 'ﬁnn')).toBe('finn');
    expect(validateCharacterName('Ｂｒａｎ')).toBe('Bran');
    // A decomposed é is stored composed, so two spellings are one name.
    expect(validateCharacterName('Rene\u0301e')).toBe('Renée');
    expect(normalizeName('  Ann\u00A0\u3000 Lee ', 'username')).toBe('Ann Lee');
  });

  it('counts the normalized name for "no changes"', () => {
    expect(refusal(() => usernameChange('Hero', 'Ｈｅｒｏ')).message).toBe('No changes to update.');
  });
});

describe('names: look-alike alphabets (issue 25)', () => {
  it('refuses a Latin name with a Cyrillic or Greek letter in it', () => {
    expect(refusal(() => usernameChange('Someone', 'B\u043Eb'))).toEqual({
      code: 'name_mixed_scripts',
      message: mixedScriptsMessage('username'),
      title: 'Invalid Name',
    });
    expect(refusal(() => validateCharacterName('\u0391thena')).code).toBe('name_mixed_scripts');
  });
});

describe('names: reserved (issue 25)', () => {
  const reserved = [
    ...RESERVED_NAMES,
    'game master',
    'GAME MASTER',
    'Game_Master',
    'Game-Master',
    'GameMaster',
    'G.M.',
    'g m',
    'Gm',
    'Adm1n',
    'ADMIN',
    'Admin_',
    'Ádmín',
    '\u0410dmin' /* Cyrillic А: refused as mixed anyway */,
    'A d m i n',
    '4dmin',
    'admin2',
    'M0derator',
    'Moder4tor',
    'mod',
    'AI_Bot',
    'AIBot',
    'A.I. Bot',
    'Al Bot',
    'System',
    'SYSTEM',
    '$ystem',
    'GM Bob',
    'Bob the Admin',
    'AdminBob',
    'TheGameMaster',
    'xXModeratorXx',
    'Official Support',
  ];
  for (const name of reserved) {
    it(`refuses "${name}" as a username${/^[\p{L}\p{Nd} '-]+$/u.test(name) && name.length <= 24 ? ' and as a character name' : ''}`, () => {
      expect(refusal(() => usernameChange('Someone', name)).message).toMatch(/reserved|alphabets/);
      if (/^[\p{L}\p{Nd} '-]+$/u.test(name) && name.length >= 2 && name.length <= 24) {
        expect(refusal(() => validateCharacterName(name))).toMatchObject({ message: expect.stringMatching(/reserved|alphabets/), title: 'Invalid Name' });
      }
    });
  }

  it('says so with a clear text', () => {
    expect(refusal(() => validateCharacterName('Game Master'))).toEqual({ code: 'name_reserved', message: RESERVED_NAME_MESSAGE, title: 'Invalid Name' });
    expect(RESERVED_NAME_MESSAGE).toBe('That name is reserved. Please choose another.');
  });

  it('keeps names that only contain such letters inside a word', () => {
    for (const name of ['Badminton', 'Modest Mouse', 'Gemma', 'Systematic', 'Admiral', 'Godric', 'Botanist', 'Hermione', 'Dev Patel', 'Ragnar']) {
      expect(isReservedName(name), name).toBe(false);
      expect(validateCharacterName(name)).toBe(name);
    }
  });
});

describe("names: a new player's default username (issue 25)", () => {
  it("is an adventurer's name with four digits, valid, never reserved, and varies", () => {
    const names = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const name = defaultUsername(createRng(seed));
      expect(name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
      expect(usernameChange('Someone', name)).toBe(name);
      expect(name.length).toBeLessThanOrEqual(40);
      names.add(name);
    }
    expect(names.size).toBeGreaterThan(295);
  });

  it('keeps the length rule', () => {
    expect(refusal(() => usernameChange('Someone', 'x')).message).toBe(USERNAME_LENGTH);
  });
});
