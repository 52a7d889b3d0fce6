import { adventureCompletedPushSchema } from '@rpg/contract';
import { toast } from 'sonner';

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

const noticeKey = ({ characterId, title, message }: AdventureOutcomeNotice) => `adventure-outcome:${characterId}:${title}:${message}`;

/** Spec 02 §4: 'Adventure Completed!' (success) or 'Adventure Failed!' (error) with the result message. */
export function announceAdventureOutcome(notice: AdventureOutcomeNotice, now = Date.now()): boolean {
  for (const [key, at] of shown) if (now - at > REPEAT_WINDOW_MS) shown.delete(key);
  const key = noticeKey(notice);
  if (shown.has(key)) return false;
  shown.set(key, now);
  const show = notice.won ? toast.success : toast.error;
  show(notice.title, { id: key, description: notice.message });
  return true;
}

/** The handler for the 'adventure-completed' push (wired by the page, which owns the socket). */
export function onAdventureCompletedPush(message: unknown): void {
  const push = adventureCompletedPushSchema.safeParse(message);
  if (!push.success) return;
  const { characterId, won, title, message: text } = push.data;
  announceAdventureOutcome({ characterId, won, title, message: text });
}
