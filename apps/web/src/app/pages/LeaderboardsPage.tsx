import { Leaderboards } from '@/features/leaderboards/components/Leaderboards';

/** /leaderboards (spec 03 §2): every player's characters, ranked on six boards. */
export function LeaderboardsPage() {
  return <Leaderboards />;
}
