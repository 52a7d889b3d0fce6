import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function ProfilePage() {
  return <PlaceholderPage title="Character Profile" />;
}
