import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function SettingsPage() {
  return <PlaceholderPage title="Game Settings" />;
}
