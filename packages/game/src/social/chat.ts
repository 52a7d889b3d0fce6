import { RuleError } from '../errors.ts';

/** Spec 03 §9: the global chat shows the last 50 lines. */
export const CHAT_HISTORY_SIZE = 50;
/** DECISIONS §4: a chat line is at most 500 characters. */
export const CHAT_MAX_LENGTH = 500;
/** DECISIONS §4: at most 5 lines per player in any 10 seconds. */
export const CHAT_THROTTLE = { max: 5, windowMs: 10_000 } as const;

/** Spec 03 §3: the system author of the chat. */
export const GAME_MASTER = { name: 'Game Master', level: 999 } as const;
/** Spec 03 §4 chat: the welcome the Game Master says once, when the chat has never had a line. */
export const GAME_MASTER_WELCOME =
  'Welcome to the realm, adventurers! This is the global chat: every player hears what you say here. Be kind, trade fair, and may your blades stay sharp.';

/** Spec 03 §5 chat: with no active character. */
export const NO_CHARACTER_FOR_CHAT = 'Could not find your character data.';
export const CHAT_LINE_BLANK = 'Type a message to send.';
export const CHAT_LINE_TOO_LONG = `Messages are at most ${CHAT_MAX_LENGTH} characters.`;

/**
 * Spec 03 §5 chat: the text as it is stored. Blank text is not sent; over 500 characters is
 * refused (DECISIONS §4). Leading and trailing white space is dropped.
 */
export function chatLineText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new RuleError('chat_blank', CHAT_LINE_BLANK);
  if (text.length > CHAT_MAX_LENGTH) throw new RuleError('chat_too_long', CHAT_LINE_TOO_LONG);
  return text;
}

/** The refusal when a player sends too fast; says how long to wait (whole seconds, at least 1). */
export function chatThrottledMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `You're sending messages too fast. Please wait ${seconds} second${seconds === 1 ? '' : 's'} before sending another.`;
}

/**
 * DECISIONS §4: a player may say at most CHAT_THROTTLE.max lines in any CHAT_THROTTLE.windowMs.
 * `recent` holds when the player's recent lines were said (any order). Throws 'Slow Down'
 * (429) with the wait until the oldest line of the window leaves it.
 */
export function checkChatThrottle(recent: readonly Date[], now: Date): void {
  const windowStart = now.getTime() - CHAT_THROTTLE.windowMs;
  const inWindow = recent
    .map((at) => at.getTime())
    .filter((at) => at > windowStart)
    .sort((a, b) => a - b);
  if (inWindow.length < CHAT_THROTTLE.max) return;
  const oldestThatCounts = inWindow[inWindow.length - CHAT_THROTTLE.max]!;
  const waitMs = oldestThatCounts + CHAT_THROTTLE.windowMs - now.getTime();
  throw new RuleError('chat_throttled', chatThrottledMessage(waitMs), { title: 'Slow Down', status: 429 });
}

/** The refusals of reports and mutes (DECISIONS §4: a report per line and reporter, a personal mute list). */
export const CHAT_TEXTS = {
  messageNotFound: 'Message not found',
  cannotReportOwn: 'You cannot report your own message.',
  cannotReportSystem: 'The Game Master cannot be reported.',
  userNotFound: 'Player not found',
  cannotMuteSelf: 'You cannot mute yourself.',
} as const;

/**
 * DECISIONS §4: who may report a chat line. `author` is the line's player (null for the Game
 * Master's lines), undefined when there is no such line.
 */
export function checkChatReport(author: string | null | undefined, reporterId: string): void {
  if (author === undefined) throw new RuleError('chat_message_not_found', CHAT_TEXTS.messageNotFound, { status: 404 });
  if (author === null) throw new RuleError('chat_report_system', CHAT_TEXTS.cannotReportSystem);
  if (author === reporterId) throw new RuleError('chat_report_own', CHAT_TEXTS.cannotReportOwn);
}

/** DECISIONS §4: a player mutes others, never themselves; the player muted (or unmuted) must exist. */
export function checkChatMute({
  muting,
  targetId,
  playerId,
  targetExists,
}: {
  muting: boolean;
  targetId: string;
  playerId: string;
  targetExists: boolean;
}): void {
  if (muting && targetId === playerId) throw new RuleError('chat_mute_self', CHAT_TEXTS.cannotMuteSelf);
  if (!targetExists) throw new RuleError('user_not_found', CHAT_TEXTS.userNotFound, { status: 404 });
}

/** Spec 03 §5: a line is said by the active character; without one the chat refuses. */
export function noCharacterForChat(): RuleError {
  return new RuleError('no_character', NO_CHARACTER_FOR_CHAT, { title: 'Error', status: 404 });
}
