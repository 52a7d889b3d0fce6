import { RuleError } from '../errors.ts';
import { BOT_NAME } from '../poker/game.ts';
import { GAME_MASTER } from '../social/chat.ts';

/**
 * Names players choose (usernames and character names), beyond each one's length and character
 * rules (friends/username.ts, character/newCharacter.ts). The spec has no such rule; the security
 * review (issue 25) asked for them. Our choices, in docs/security.md ("Names"):
 * - a name is stored in Unicode NFKC form (fullwidth, ligature and other compatibility forms
 *   become their plain letters: "Ａｄｍｉｎ" is "Admin");
 * - invisible characters are refused: control and format characters (zero-width, bidi controls,
 *   soft hyphen, …), the other default-ignorable code points (fillers, variation selectors), line
 *   and paragraph separators, private-use, surrogate and unassigned code points;
 * - a name does not mix alphabets that look alike (Latin, Greek, Cyrillic, Armenian, Cherokee):
 *   "Bоb" with a Cyrillic "о" is refused, so it cannot pass for "Bob";
 * - a name does not pass for the game or its staff (RESERVED_NAMES, isReservedName).
 */

/** Which name a message is about. */
export type NameKind = 'username' | 'character';

const LABEL: Record<NameKind, string> = { username: 'Usernames', character: 'Character names' };

export const RESERVED_NAME_MESSAGE = 'That name is reserved. Please choose another.';
export const invisibleCharactersMessage = (kind: NameKind) => `${LABEL[kind]} cannot contain invisible or control characters.`;
export const mixedScriptsMessage = (kind: NameKind) => `${LABEL[kind]} cannot mix look-alike alphabets (such as Latin and Cyrillic letters).`;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Alphabets with letters that look like Latin ones (Unicode's confusables): one per name. */
const LOOK_ALIKE_SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/**
 * The name as it is stored: NFKC, trimmed, runs of white space as one space; refused when it
 * holds an invisible character or mixes look-alike alphabets. The length and character rules
 * of the kind of name are checked by the caller on what this returns.
 */
export function normalizeName(raw: string, kind: NameKind): string {
  // Checked before trimming: trim() would drop a byte order mark silently.
  const normalized = raw.normalize('NFKC');
  if (INVISIBLE.test(normalized)) throw new RuleError('name_invisible', invisibleCharactersMessage(kind), { title: 'Invalid Name' });
  const scripts = LOOK_ALIKE_SCRIPTS.filter(([, letters]) => letters.test(normalized));
  if (scripts.length > 1) throw new RuleError('name_mixed_scripts', mixedScriptsMessage(kind), { title: 'Invalid Name' });
  return normalized.trim().replace(/\s+/gu, ' ');
}

/**
 * Names that belong to the game: the chat's system author (spec 03 §3, 'Game Master'), the
 * poker table's bot ('AI Bot'), and staff titles no player holds (spec 01 §6: there are no
 * administrators or moderators, so a name claiming to be one misleads).
 */
export const RESERVED_NAMES = [
  GAME_MASTER.name,
  'GM',
  'Admin',
  'Administrator',
  'Moderator',
  'Mod',
  'System',
  BOT_NAME,
  'Bot',
  'Staff',
  'Support',
  'Official',
  'Developer',
  'Sysop',
  'Root',
  'Owner',
  'Server',
  'Game',
  'RPG Adventure',
];

/**
 * Titles that make a name pass for staff wherever they stand as a word of it ("GM Bob",
 * "Bob_the_Admin", "ModeratorJane"); a word, so "Badminton" or "Modest" stay free.
 */
const STAFF_TITLES = ['gm', 'admin', 'administrator', 'moderator', 'mod', 'sysop', 'staff', 'system', 'official', 'developer'];

/** Titles long enough to be refused anywhere in the name's letters ("TheGameMaster1", "xXModeratorXx"). */
const STAFF_SUBSTRINGS = ['gamemaster', 'administrator', 'moderator', 'sysadmin'];

/** Letters that look alike, mapped to one (after lower case and with accents removed). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic, Greek, Armenian, and Latin extras that read as Latin letters.
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  օ: 'o',
  ս: 'u',
  ո: 'n',
  հ: 'h',
  ց: 'g',
  ı: 'i',
  ɡ: 'g',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ß: 'ss',
  // Letters that read alike in the game's sans-serif font.
  l: 'i',
};

/** Digits and signs written for letters ("Adm1n", "M0derator", "$ystem"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '|': 'i', '!': 'i' };

/** The name's words as they read: lower case, accents off, look-alikes as one letter; other characters split words. */
function wordsOf(name: string, leet: boolean): string[] {
  // camelCase and PascalCase split into words first ("AdminBob" is "admin bob").
  const spaced = name.normalize('NFKC').replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  const letters = [...spaced.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()].map((c) => LOOK_ALIKES[c] ?? (leet ? (LEET[c] ?? c) : c)).join('');
  return letters.split(/[^\p{L}]+/u).filter(Boolean);
}

const skeleton = (words: readonly string[]) => words.join('');
const RESERVED_SKELETONS = new Set(RESERVED_NAMES.map((n) => skeleton(wordsOf(n, false))));
const TITLES = new Set(STAFF_TITLES.map((t) => skeleton(wordsOf(t, false))));
const SUBSTRINGS = STAFF_SUBSTRINGS.map((t) => skeleton(wordsOf(t, false)));

/**
 * Whether a name passes for the game or its staff: compared case-insensitively, after NFKC,
 * with accents, separators and spaces ignored ("Game_Master", "game-master", "G.M."), look-alike
 * letters and digits read as letters ("Adm1n", "Аdmin" with a Cyrillic А, "M0DERATOR"); a staff
 * title as a word of the name ("GM Bob"); a long title anywhere in it ("TheGameMaster").
 */
export function isReservedName(name: string): boolean {
  for (const leet of [false, true]) {
    const words = wordsOf(name, leet);
    const whole = skeleton(words);
    if (whole === '') continue;
    if (RESERVED_SKELETONS.has(whole)) return true;
    if (words.some((w) => TITLES.has(w))) return true;
    if (SUBSTRINGS.some((s) => whole.includes(s))) return true;
  }
  return false;
}

export function assertNotReserved(name: string): void {
  if (isReservedName(name)) throw new RuleError('name_reserved', RESERVED_NAME_MESSAGE, { title: 'Invalid Name' });
}
