import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function CharacterCreationPage() {
  return <PlaceholderPage title="Create Character" />;
}
