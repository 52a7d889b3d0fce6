import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function AchievementsPage() {
  return <PlaceholderPage title="Achievements" />;
}
