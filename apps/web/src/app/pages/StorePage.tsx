import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function StorePage() {
  return <PlaceholderPage title="Store" />;
}
