import type { GearSlot, Tier } from '@rpg/game';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { BackpackShape, ChestShape, FoodShape, GearShape, MaterialShape, PotionShape, ScrollShape } from './shapes';

/** What a picture is drawn from: an item's kind (and slot or potion target) and its tier. */
export type PictureSubject =
  | { kind: 'gear'; slot: GearSlot; tier: Tier }
  | { kind: 'potion'; target: 'health' | 'mana' | 'both'; tier: Tier }
  | { kind: 'food' | 'material' | 'scroll' | 'chest' | 'backpack'; tier: Tier };

/** The tiers' colours (DECISIONS section 2: grey, blue, purple, gold, orange), light and dark. */
export const TIER_PAINT: Readonly<Record<Tier, { tint: string; shade: string }>> = {
  common: { tint: '#A3ADBB', shade: '#5B6472' },
  uncommon: { tint: '#4FB6EA', shade: '#1F5F86' },
  rare: { tint: '#A970E8', shade: '#5A2F8F' },
  epic: { tint: '#E3BD5C', shade: '#8A6A1E' },
  legendary: { tint: '#F28C3A', shade: '#8F4312' },
};

/** 'gear-mainHand', 'potion-mana', 'scroll': which drawing a subject gets. */
export function pictureName(subject: PictureSubject): string {
  if (subject.kind === 'gear') return `gear-${subject.slot}`;
  if (subject.kind === 'potion') return `potion-${subject.target}`;
  return subject.kind;
}

function Shape({ subject }: { subject: PictureSubject }) {
  const paint = TIER_PAINT[subject.tier];
  switch (subject.kind) {
    case 'gear':
      return <GearShape slot={subject.slot} {...paint} />;
    case 'potion':
      return <PotionShape target={subject.target} {...paint} />;
    case 'food':
      return <FoodShape {...paint} />;
    case 'material':
      return <MaterialShape {...paint} />;
    case 'scroll':
      return <ScrollShape {...paint} />;
    case 'chest':
      return <ChestShape {...paint} />;
    case 'backpack':
      return <BackpackShape {...paint} />;
  }
}

/**
 * Issue 44 point 8: an item drawn as a picture, one per kind and gear slot, tinted by its tier
 * (drawn as the character portraits are: an inline SVG). It sits beside the item's name, so it is
 * decorative for screen readers.
 */
export function ItemPicture({ subject, className }: { subject: PictureSubject; className?: string }) {
  const glow = `item-glow-${useId().replace(/:/g, '')}`;
  const { tint } = TIER_PAINT[subject.tier];
  return (
    <svg
      viewBox="0 0 48 48"
      aria-hidden="true"
      data-item-picture={pictureName(subject)}
      data-tier={subject.tier}
      className={cn('block size-10 shrink-0', className)}
    >
      <defs>
        <radialGradient id={glow} cx="50%" cy="40%" r="70%">
          <stop offset="0%" stopColor={tint} stopOpacity="0.28" />
          <stop offset="100%" stopColor="#0B0D12" stopOpacity="0.9" />
        </radialGradient>
      </defs>
      <rect x="0.75" y="0.75" width="46.5" height="46.5" rx="8" fill={`url(#${glow})`} stroke={tint} strokeOpacity="0.7" strokeWidth="1.5" />
      <Shape subject={subject} />
    </svg>
  );
}
