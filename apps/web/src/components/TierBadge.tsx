import type { Tier } from '@rpg/game';
import { cn } from '@/lib/cn';
import { TIER_BADGE, TIER_LABELS } from '@/lib/item-display';

/** The tier as a small coloured chip ('Rare'). */
export function TierBadge({ tier, className }: { tier: Tier; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold', TIER_BADGE[tier], className)}>
      {TIER_LABELS[tier]}
    </span>
  );
}
