import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function PlayPage() {
  return <PlaceholderPage title="Adventure Hub" />;
}
