import { useAchievementPushes } from '@/features/achievements/hooks/useAchievementPushes';

/** 'Achievement Unlocked!' and 'Level Up Reward!' on every game screen (spec 03 §4). */
export function AchievementPushes() {
  useAchievementPushes();
  return null;
}
