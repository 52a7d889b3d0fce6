import { Achievements } from '@/features/achievements/components/Achievements';

/** /achievements (spec 03 §2): the player's achievements and battle pass. */
export function AchievementsPage() {
  return <Achievements />;
}
