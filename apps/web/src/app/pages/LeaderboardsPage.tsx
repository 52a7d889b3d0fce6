import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function LeaderboardsPage() {
  return <PlaceholderPage title="Leaderboards" />;
}
