import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function SkillTreePage() {
  return <PlaceholderPage title="Skill Tree" />;
}
