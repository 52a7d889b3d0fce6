import { onAchievementUnlockedPush, onBattlePassRewardPush, onGiftReceivedPush, useReportTimeZone } from '@/features/achievements/lib/push-toasts';
import { useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';

/** 'Achievement Unlocked!', 'Level Up Reward!' and gifts on every game screen (spec 03 §4). */
export function AchievementPushes() {
  useRealtimeSubscription('achievement-unlocked', onAchievementUnlockedPush);
  useRealtimeSubscription('battle-pass-reward', onBattlePassRewardPush);
  useRealtimeSubscription('gift-received', onGiftReceivedPush);
  useReportTimeZone();
  return null;
}
