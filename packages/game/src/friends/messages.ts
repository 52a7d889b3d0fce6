import { RuleError } from '../errors.ts';

/** DECISIONS §2: direct messages between friends; our length limit. */
export const DIRECT_MESSAGE_MAX_LENGTH = 1000;
export const DIRECT_MESSAGE_BLANK = 'Type a message first.';
export const DIRECT_MESSAGE_TOO_LONG = `Messages are at most ${DIRECT_MESSAGE_MAX_LENGTH} characters.`;
export const MESSAGE_FRIENDS_ONLY = 'You can only message your friends.';
export const MESSAGE_BLOCKED = 'You cannot message this player.';

/** The stored text: trimmed, not blank, at most 1000 characters. */
export function directMessageText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new RuleError('message_blank', DIRECT_MESSAGE_BLANK);
  if (text.length > DIRECT_MESSAGE_MAX_LENGTH) throw new RuleError('message_too_long', DIRECT_MESSAGE_TOO_LONG);
  return text;
}

/** DECISIONS §2: only between friends, never between blocked players (a block is checked first). */
export function checkCanMessage(state: { friends: boolean; blocked: boolean }): void {
  if (state.blocked) throw new RuleError('message_blocked', MESSAGE_BLOCKED, { status: 403 });
  if (!state.friends) throw new RuleError('message_friends_only', MESSAGE_FRIENDS_ONLY, { status: 403 });
}
