import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS, MIN_PASSWORD_LENGTH } from './account/auth.ts';
import { defaultLegalText, LEGAL_TITLES } from './account/legal.ts';
import { passwordResetMailWords, verificationMailWords } from './account/mail.ts';
import { ACHIEVEMENTS_RESET_TOAST } from './achievements/texts.ts';
import { ADVENTURE_TITLES, ADVENTURE_USAGE, leftBehindLine, minutesSeconds, setOutLine } from './adventure/texts.ts';
import { BUY_USAGE, CASH_OUT_USAGE } from './casino/chips.ts';
import { statusLines, type CharacterStatus } from './character/status.ts';
import { DELETE_REFUSAL, HELP_HEADING, helpText, PLAIN_TEXT_NOTE, unknownCommandMessage, XYZZY_LINE } from './console/texts.ts';
import { rollLine } from './dice/roll.ts';
import { POTION_USAGE } from './items/potionChoice.ts';
import { SPELL_USAGE } from './spells/cast.ts';
import { UNKNOWN_BUYER } from './auction/buy.ts';
import { CRAFTING_TITLES } from './crafting/texts.ts';
import { copper } from './currency/copper.ts';
import { SOCIAL_TEXT } from './friends/texts.ts';
import { GIFT_SENT_TITLE, GIFT_UNKNOWN_GIVER, GIFT_UNKNOWN_RECEIVER, giftGivenLine, giftReceivedLine } from './gifts/gift.ts';
import { worldAt } from './world/clock.ts';
import { createRng } from './rng.ts';
import { rollDice } from './dice/roll.ts';
import { equippedText, ITEM_TOAST_TITLES, soldText, unequippedText } from './items/texts.ts';
import { REQUEST_TEXTS, somethingWentWrong, THROTTLE_TEXTS, tooManyAttempts, tooManyRequestsWait, UPLOAD_TEXTS } from './requests/texts.ts';
import { SKILL_TOAST_TITLES } from './skills/texts.ts';
import type { ItemStack } from './adventure/drops.ts';

/**
 * Issue 47: texts the server used to spell itself, now in the rules package. Each keeps the
 * bytes it was answered with (the browser suite and the server's tests read the same texts).
 */
describe('texts moved from the server (issue 47)', () => {
  it('spec 02 §5/§9: the inventory toasts', () => {
    expect(ITEM_TOAST_TITLES).toEqual({
      equipped: 'Item Equipped',
      unequipped: 'Item Unequipped',
      sold: 'Item Sold',
      used: 'Item Used',
      chestOpened: 'Chest Opened',
    });
    expect(equippedText('Iron Sword', null)).toBe('Iron Sword is now equipped.');
    expect(equippedText('Iron Sword', 'Rusty Dagger')).toBe('Iron Sword is now equipped. Rusty Dagger went back to your backpack.');
    expect(unequippedText('Iron Sword')).toBe('Iron Sword went back to your backpack.');
    expect(soldText('Wolf Pelt', 1, copper(12))).toBe('You sold Wolf Pelt for 12c.');
    expect(soldText('Wolf Pelt', 3, copper(120))).toBe('You sold 3 x Wolf Pelt for 1s 20c.');
  });

  it("spec 02 §2: the adventure's set-out line, the m:ss banner, the loot left behind", () => {
    expect(minutesSeconds(0)).toBe('0:00');
    expect(minutesSeconds(61_001)).toBe('1:02');
    // Issue 42: the land's conditions close the line (world time 0 is a clear day; 100 minutes in, night).
    const start = { characterName: 'Aria', locationName: 'Whispering Woods', level: 2, durationMs: 90_000, world: worldAt(0), location: 'forest' as const };
    expect(setOutLine({ ...start, speedReductionPercent: 0 })).toBe(
      'Aria sets out for the Whispering Woods (level 2). They will return in 1:30. Forest: day, clear (no effect).',
    );
    expect(setOutLine({ ...start, speedReductionPercent: 10 })).toBe(
      'Aria sets out for the Whispering Woods (level 2). They will return in 1:30. Speed gear shortens the journey by 10%. Forest: day, clear (no effect).',
    );
    expect(setOutLine({ ...start, speedReductionPercent: 0, world: worldAt(100 * 60 * 1000) })).toBe(
      'Aria sets out for the Whispering Woods (level 2). They will return in 1:30. Forest: night, clear (win chance -5%, rewards +15%).',
    );
    const stacks = [
      { item: { name: 'Wolf Pelt' }, quantity: 2 },
      { item: { name: 'Fang' }, quantity: 1 },
    ] as unknown as ItemStack[];
    expect(leftBehindLine('Aria', stacks)).toBe("Aria's backpack is full: 2x Wolf Pelt, Fang had to be left behind.");
    expect(ADVENTURE_TITLES).toEqual({ completed: 'Adventure Completed!', failed: 'Adventure Failed!' });
  });

  it('DECISIONS §4 gifts: the toast title and the console lines, with the fallbacks for a name gone', () => {
    expect(GIFT_SENT_TITLE).toBe('Gift Sent');
    expect(giftGivenLine('Brom', '50c')).toBe('You gave Brom 50c.');
    expect(giftReceivedLine('Aria', '2 x Wolf Pelt')).toBe('Aria sent you a gift: 2 x Wolf Pelt.');
    expect([GIFT_UNKNOWN_GIVER, GIFT_UNKNOWN_RECEIVER, UNKNOWN_BUYER]).toEqual(['A friend', 'your friend', 'another player']);
  });

  it('spec 02 §4, spec 03 §8: the crafting, skill and achievement toasts', () => {
    expect(CRAFTING_TITLES).toEqual({ started: 'Crafting Started', complete: 'Crafting Complete', backpackFull: 'Backpack Full' });
    expect(SKILL_TOAST_TITLES).toEqual({ unlocked: 'Skill Unlocked', reset: 'Skills Reset' });
    expect(ACHIEVEMENTS_RESET_TOAST).toEqual({
      title: 'Achievements Reset',
      description: 'Your achievement progress is back to zero. Rewards already granted stay in your inventory.',
    });
  });

  it('spec 03 §8: the friendship and profile toasts (moved from the contract: the server sends some)', () => {
    expect(SOCIAL_TEXT.requestSent).toBe('Friend request sent!');
    expect(SOCIAL_TEXT.unknownUser).toBe('Unknown User');
    expect(SOCIAL_TEXT.playerUnblocked).toBe('Player unblocked');
  });

  it('spec 01 §5/§8/§9: the account texts; the password length in the too-short text', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(AUTH_TEXTS.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(AUTH_TEXTS.passwordTooLong).toBe('Password must be at most 128 characters');
    expect(AUTH_TEXTS.invalidCredentials).toBe('Invalid email or password');
    expect(AUTH_TEXTS.duplicateEmail).toBe('This email is already registered. Please log in instead.');
  });

  it('issue 43: the default legal pages name the retention they are given', () => {
    expect(LEGAL_TITLES).toEqual({ terms: 'Terms of Use', privacy: 'Privacy Notice' });
    const retention = { chatDays: 30, endedListingDays: 90, giftDays: 90, reportDays: 180, unverifiedAccountDays: 7 };
    const terms = defaultLegalText('terms', retention);
    expect(terms.split('\n\n')).toHaveLength(4);
    expect(terms.startsWith('This game is run by its host, who has not supplied terms of their own.')).toBe(true);
    expect(defaultLegalText('privacy', retention)).toContain(
      'Global chat lines 30 days (the newest lines always), ended auction listings 90 days, the gift log 90 days, closed reports 180 days. An account never verified is deleted after 7 days.',
    );
    expect(defaultLegalText('privacy', { ...retention, chatDays: 14 })).toContain('Global chat lines 14 days');
  });

  it('the refusals of a request, an upload and a throttle', () => {
    expect(REQUEST_TEXTS.notFound).toBe('Not found');
    expect(REQUEST_TEXTS.signIn).toBe('Please log in to continue.');
    expect(somethingWentWrong('req-7')).toBe('Something went wrong on our side. Please try again. (Reference: req-7)');
    expect(UPLOAD_TEXTS.tooLarge).toBe('The image is larger than 2 MB.');
    expect(tooManyRequestsWait(12)).toBe('Too many requests. Please wait 12 seconds and try again.');
    expect(tooManyAttempts(89)).toBe('Too many attempts. Please wait 89 seconds and try again.');
    expect(tooManyAttempts(90)).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(THROTTLE_TEXTS.pokerHands).toBe('You are starting poker hands too quickly. Take a moment between hands.');
  });
});

/** Issue 47: the console's lines and the account e-mails, moved from the server's commands/ and mail/ with the same bytes. */
describe("the console's and the e-mails' texts (issue 47)", () => {
  it('spec 02 §5: the usage lines of the commands that need an argument', () => {
    expect(ADVENTURE_USAGE).toBe('Usage: /adventure [location] [level]');
    expect(SPELL_USAGE).toBe('Usage: /spell [name] - Available spells: fireball, heal, frostbolt, lightning, shield');
    expect(POTION_USAGE).toBe('Usage: /potion [health|mana] - Drinks your weakest health or mana potion.');
    expect(BUY_USAGE).toBe('Usage: /buy [amount] - Purchases the specified amount of casino chips.');
    expect(CASH_OUT_USAGE).toBe('Usage: /cashout [amount|all] - Cashes out casino chips for copper (5% fee).');
  });

  it('spec 02 §5: an unknown command, /delete, the secret command', () => {
    expect(unknownCommandMessage('/dance')).toBe('Unknown command: /dance. Type /help for available commands.');
    expect(DELETE_REFUSAL).toBe('Deleting your character is not supported via command. Please use the profile page.');
    expect(XYZZY_LINE).toBe('A hollow voice says "Fool." Somewhere, an old adventurer smiles.');
  });

  it('spec 02 §5 "Dice": one die shows its value, more show the sum', () => {
    expect(rollLine('Aria', { count: 1, sides: 20, notation: '1d20', rolls: [14], total: 14 })).toBe('Aria rolls 1d20: 14.');
    expect(rollLine('Aria', { count: 2, sides: 6, notation: '2d6', rolls: [3, 5], total: 8 })).toBe('Aria rolls 2d6: 3 + 5 = 8.');
    expect(rollLine('Brom', rollDice('1d1', createRng(7)))).toBe('Brom rolls 1d1: 1.');
  });

  it('spec 02 §9: /help frames the table with the heading and the note, aliases after the usage', () => {
    const groups = [
      {
        title: 'General',
        commands: [
          { usage: '/help', aliases: ['h'], description: 'List every command.' },
          { usage: '/roll [NdM]', aliases: [], description: 'Rolls dice.' },
        ],
      },
      { title: 'Casino', commands: [{ usage: '/fold', aliases: ['f', 'ff'], description: 'Gives up the hand.' }] },
    ];
    expect(helpText(groups)).toBe(
      [
        'Available commands:',
        '',
        'General:',
        '  /help (or /h) - List every command.',
        '  /roll [NdM] - Rolls dice.',
        '',
        'Casino:',
        '  /fold (or /f, /ff) - Gives up the hand.',
        '',
        'Anything else you type is said in your console.',
      ].join('\n'),
    );
    expect([HELP_HEADING, PLAIN_TEXT_NOTE]).toEqual(['Available commands:', 'Anything else you type is said in your console.']);
  });

  it('spec 02 §9: the /status lines, below and at the maximum level, away and at home', () => {
    const status: CharacterStatus = {
      name: 'Aria',
      level: 3,
      race: 'elf',
      characterClass: 'mage',
      xp: 250,
      currentHealth: 12,
      maxHealth: 20,
      currentMana: 4,
      maxMana: 15,
      copper: copper(10_203),
      casinoChips: 300,
      adventure: { location: 'ice', level: 2, remainingMs: 61_001 },
    };
    expect(statusLines(status)).toEqual([
      'Aria - level 3 elf mage',
      'XP: 250 / 600 (350 to next level)',
      'Health: 12/20',
      'Mana: 4/15',
      'Gold: 1g 2s 3c',
      'Chips: 300',
      'Adventure: Ice Lands level 2, returning in 1:02',
    ]);
    const home = statusLines({ ...status, level: 50, xp: 0, adventure: null });
    expect(home[1]).toBe('XP: 0 (maximum level)');
    expect(home.at(-1)).toBe('Adventure: none');
  });

  it('spec 01 §5: the verification e-mail, link and code in the text, the parts of the HTML version', () => {
    const mail = verificationMailWords('https://game.test/v?t=1', '123456', 15);
    expect(mail.subject).toBe('Verify your RPG Adventure account');
    expect(mail.text).toBe(
      [
        'Welcome to RPG Adventure!',
        '',
        'Confirm your e-mail address to start your adventure. Open this link:',
        'https://game.test/v?t=1',
        '',
        'Or enter this code on the sign-in page: 123456',
        'The code is valid for 15 minutes; the link for 24 hours.',
        '',
        'If you did not sign up, you can ignore this message.',
      ].join('\n'),
    );
    expect([mail.heading, mail.intro, mail.button, mail.codeLead, mail.footnote]).toEqual([
      'Welcome to RPG Adventure!',
      'Confirm your e-mail address to start your adventure.',
      'Verify my e-mail',
      'Or enter this code on the sign-in page:',
      'The code is valid for 15 minutes; the link for 24 hours. If you did not sign up, ignore this message.',
    ]);
  });

  it('issue 43: the password reset e-mail', () => {
    const mail = passwordResetMailWords('https://game.test/r?t=2', '654321', 15);
    expect(mail.subject).toBe('Reset your RPG Adventure password');
    expect(mail.text).toBe(
      [
        'Someone asked to reset the password of your RPG Adventure account.',
        '',
        'To choose a new password, open this link:',
        'https://game.test/r?t=2',
        '',
        'Or enter this code on the sign-in page, under "Forgot password?": 654321',
        'The code and the link are valid for 15 minutes and work once. Setting a new password signs out every device.',
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
    );
    expect([mail.heading, mail.button, mail.codeLead]).toEqual([
      'Reset your password',
      'Choose a new password',
      'Or enter this code on the sign-in page, under "Forgot password?":',
    ]);
    expect(mail.footnote).toBe(
      'The code and the link are valid for 15 minutes and work once. Setting a new password signs out every device. If you did not ask for this, ignore this message: your password stays as it is.',
    );
  });
});
