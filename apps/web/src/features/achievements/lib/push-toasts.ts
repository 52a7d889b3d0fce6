import { achievementUnlockedPushSchema, battlePassRewardPushSchema, giftReceivedPushSchema, inboxTextOf } from '@rpg/contract';
import { LEVEL_UP_TOAST_DELAY_MS } from '@rpg/game';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { playNoticeSound } from '@/lib/audio';
import { reportTimeZone } from '../api/report-time-zone';
import { readTimeZone } from './time-zone';

/** 'Achievement Unlocked!' (spec 03 §4). */
export function onAchievementUnlockedPush(message: unknown): void {
  const parsed = achievementUnlockedPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { achievementId, title, points } = parsed.data;
  toast.success('Achievement Unlocked!', { id: `achievement:${achievementId}`, description: `${title} (+${points} points)` });
  playNoticeSound('craftDone');
}

/** 'Level Up Reward!' (spec 03 §4/§9). */
export function onBattlePassRewardPush(message: unknown): void {
  const parsed = battlePassRewardPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { title, body } = inboxTextOf(parsed.data);
  // Spec 03 §4/§9: 'Level Up Reward!' one second after the unlock that reached the level.
  window.setTimeout(() => {
    toast.success(title, { id: `battle-pass:${parsed.data.level}`, description: body });
  }, LEVEL_UP_TOAST_DELAY_MS);
}

/** DECISIONS §4: the receiver's live notice of a gift. */
export function onGiftReceivedPush(message: unknown): void {
  const parsed = giftReceivedPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { title, body } = inboxTextOf(parsed.data);
  toast.success(title, { description: body });
  playNoticeSound('craftDone');
}

let reported = false;

/** On every game screen: the browser's time zone reported once (the daily achievements' day). */
export function useReportTimeZone(): void {
  useEffect(() => {
    if (reported) return;
    reported = true;
    void readTimeZone()
      .then((zone) => (zone ? reportTimeZone(zone) : undefined))
      .catch(() => undefined);
  }, []);
}
