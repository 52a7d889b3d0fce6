import { PlaceholderPage } from '@/components/PlaceholderPage';

/** Placeholder until its feature lands; replace this file. */
export function AuctionPage() {
  return <PlaceholderPage title="Auction House" />;
}
