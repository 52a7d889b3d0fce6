import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function UserProfilePage() {
  return <PlaceholderPage title="User Profile" />;
}
