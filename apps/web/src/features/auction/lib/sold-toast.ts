import { auctionSoldPushSchema, inboxTextOf } from '@rpg/contract';
import { playNoticeSound } from '@/lib/audio';
import { showAwayNotice } from '@/lib/notices';

/**
 * The 'auction-sold' push (the seller's listing was bought) as a toast, on whatever screen the
 * seller is; the same text is the console line they find later if they were away.
 */
export function showAuctionSoldToast(message: unknown): void {
  const parsed = auctionSoldPushSchema.safeParse(message);
  if (!parsed.success) return;
  const { title, body } = inboxTextOf(parsed.data);
  showAwayNotice({ id: `auction-sold:${parsed.data.listingId}`, title, description: body, variant: 'success' });
  playNoticeSound('coins');
}
