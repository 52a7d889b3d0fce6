import { describe, expect, it } from 'vitest';
import { EMOJI_CATEGORIES } from '../content/emojis.ts';
import { ruleErrorOf } from '../errors.testutil.ts';
import { CHAT_LINE_BLANK, CHAT_LINE_TOO_LONG, CHAT_MAX_LENGTH, CHAT_TEXTS, chatLineText, checkChatMute, checkChatReport, checkChatThrottle } from './chat.ts';

const at = (ms: number) => new Date(1_700_000_000_000 + ms);

describe('chat line (spec 03 §5 chat, DECISIONS §4 length limit)', () => {
  it('refuses blank and whitespace-only text', () => {
    expect(ruleErrorOf(() => chatLineText('')).message).toBe(CHAT_LINE_BLANK);
    expect(ruleErrorOf(() => chatLineText('  \n\t ')).code).toBe('chat_blank');
  });

  it('refuses more than 500 characters after trimming', () => {
    const error = ruleErrorOf(() => chatLineText('x'.repeat(CHAT_MAX_LENGTH + 1)));
    expect(error.message).toBe(CHAT_LINE_TOO_LONG);
    expect(error.message).toBe('Messages are at most 500 characters.');
  });

  it('keeps 500 characters and trims the ends', () => {
    expect(chatLineText(`  ${'y'.repeat(500)}  `)).toBe('y'.repeat(500));
    expect(chatLineText('  hello there ')).toBe('hello there');
  });
});

describe('chat throttle (DECISIONS §4: at most 5 lines in 10 s)', () => {
  it('refuses a sixth line within 10 s, saying how long to wait', () => {
    const recent = [at(0), at(1000), at(2000), at(3000), at(4000)];
    const error = ruleErrorOf(() => checkChatThrottle(recent, at(5000)));
    expect(error.status).toBe(429);
    expect(error.title).toBe('Slow Down');
    expect(error.message).toBe("You're sending messages too fast. Please wait 5 seconds before sending another.");
  });

  it('says 1 second when the oldest line is about to leave the window', () => {
    const recent = [at(4000), at(0), at(1000), at(2000), at(3000)];
    expect(ruleErrorOf(() => checkChatThrottle(recent, at(9_900))).message).toBe(
      "You're sending messages too fast. Please wait 1 second before sending another.",
    );
  });

  it('allows a line once the oldest of five has left the window, and four lines any time', () => {
    const recent = [at(0), at(1000), at(2000), at(3000), at(4000)];
    expect(() => checkChatThrottle(recent, at(10_000))).not.toThrow();
    expect(() => checkChatThrottle(recent.slice(1), at(4001))).not.toThrow();
    expect(() => checkChatThrottle([], at(0))).not.toThrow();
  });
});

describe('emoji picker (spec 03 §2: 5 categories of 16)', () => {
  it('has Smileys, Gestures, Animals, Fantasy and RPG, 16 distinct emojis each', () => {
    expect(EMOJI_CATEGORIES.map((c) => c.label)).toEqual(['Smileys', 'Gestures', 'Animals', 'Fantasy', 'RPG']);
    for (const category of EMOJI_CATEGORIES) {
      expect(category.emojis).toHaveLength(16);
      expect(new Set(category.emojis).size).toBe(16);
    }
  });
});

describe('chat reports and mutes (DECISIONS §4)', () => {
  it('refuses a report of no line, of the Game Master, and of your own line', () => {
    expect(ruleErrorOf(() => checkChatReport(undefined, 'me'))).toMatchObject({
      code: 'chat_message_not_found',
      status: 404,
      message: CHAT_TEXTS.messageNotFound,
    });
    expect(ruleErrorOf(() => checkChatReport(null, 'me')).message).toBe('The Game Master cannot be reported.');
    expect(ruleErrorOf(() => checkChatReport('me', 'me')).message).toBe('You cannot report your own message.');
    expect(() => checkChatReport('other', 'me')).not.toThrow();
  });

  it('refuses muting yourself first, then a player who does not exist', () => {
    expect(ruleErrorOf(() => checkChatMute({ muting: true, targetId: 'me', playerId: 'me', targetExists: true })).message).toBe('You cannot mute yourself.');
    expect(ruleErrorOf(() => checkChatMute({ muting: false, targetId: 'ghost', playerId: 'me', targetExists: false }))).toMatchObject({
      code: 'user_not_found',
      status: 404,
    });
    expect(() => checkChatMute({ muting: true, targetId: 'other', playerId: 'me', targetExists: true })).not.toThrow();
    expect(() => checkChatMute({ muting: false, targetId: 'me', playerId: 'me', targetExists: true })).not.toThrow();
  });
});
