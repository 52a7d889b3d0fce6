import { adventureCompletedPushSchema } from '@rpg/contract';
import { playNoticeSound } from '@/lib/audio';
import { showAwayNotice } from '@/lib/notices';

export interface AdventureOutcomeNotice {
  characterId: string;
  won: boolean;
  title: string;
  message: string;
}

/**
 * An outcome reaches this tab twice at most: by the 'adventure-completed' push and by the
 * adventure read that follows the countdown. The same outcome within this window is shown once.
 */
const REPEAT_WINDOW_MS = 10_000;
const shown = new Map<string, number>();

/** The rules' outcome line for a level gained (packages/game adventure/complete.ts). */
const LEVEL_UP = /\bLevel up!/;

const noticeKey = ({ characterId, title, message }: AdventureOutcomeNotice) => `adventure-outcome:${characterId}:${title}:${message}`;

/**
 * Spec 02 §4: 'Adventure Completed!' (success) or 'Adventure Failed!' (error) with the result message,
 * when notifications are on; the victory or defeat sound (and level up) either way.
 */
export function announceAdventureOutcome(notice: AdventureOutcomeNotice, now = Date.now()): boolean {
  for (const [key, at] of shown) if (now - at > REPEAT_WINDOW_MS) shown.delete(key);
  const key = noticeKey(notice);
  if (shown.has(key)) return false;
  shown.set(key, now);
  showAwayNotice({ id: key, title: notice.title, description: notice.message, variant: notice.won ? 'success' : 'error', kind: 'adventures' });
  playNoticeSound(notice.won ? 'victory' : 'defeat', LEVEL_UP.test(notice.message) ? { name: 'levelUp', afterMs: 1_300 } : undefined);
  return true;
}

/** When each character's last 'adventure-completed' push arrived on this tab. */
const completedPushes = new Map<string, number>();

/**
 * True when this tab got the 'adventure-completed' push of `characterId` within `withinMs`: the
 * server sent its refetches (`changedKeys.adventureSettled`) with it, so the console need not
 * read them again itself.
 */
export function completedPushArrived(characterId: string, withinMs = REPEAT_WINDOW_MS, now = Date.now()): boolean {
  const at = completedPushes.get(characterId);
  return at !== undefined && now - at <= withinMs;
}

/** The handler for the 'adventure-completed' push (wired by the page, which owns the socket). */
export function onAdventureCompletedPush(message: unknown): void {
  const push = adventureCompletedPushSchema.safeParse(message);
  if (!push.success) return;
  const { characterId, won, title, message: text } = push.data;
  completedPushes.set(characterId, Date.now());
  announceAdventureOutcome({ characterId, won, title, message: text });
}
