import { GEAR_SLOTS, type GearSlot, type Tier } from '@rpg/game';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { SLOT_LABELS } from '@/lib/item-display';

export interface EquippedGear {
  name: string;
  tier: Tier;
  /** Shown in place of the plain name, e.g. the name with a stats tooltip and an Unequip button. */
  content?: ReactNode;
}

export type EquippedGearBySlot = Partial<Record<GearSlot, EquippedGear>>;

/** DECISIONS section 2 colours: grey, blue, purple, gold, orange. */
const TIER_TEXT: Record<Tier, string> = {
  common: 'text-slate-300',
  uncommon: 'text-sky-300',
  rare: 'text-purple-300',
  epic: 'text-gold-300',
  legendary: 'text-orange-400',
};

/** The eight gear slots (spec 02 section 3); items arrive with the inventory issue. */
export function GearGrid({ equipped }: { equipped: EquippedGearBySlot }) {
  return (
    <section aria-labelledby="gear-title">
      <h3 id="gear-title" className="text-lg font-semibold text-gold-200">
        Equipped Gear
      </h3>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {GEAR_SLOTS.map((slot) => {
          const item = equipped[slot];
          return (
            <li
              key={slot}
              className={cn(
                'flex min-h-16 flex-col justify-center rounded-md border p-2 text-center',
                item ? 'border-gold-700/60 bg-ink-800' : 'border-dashed border-ink-500 bg-ink-950/40',
              )}
            >
              <span className="text-xs text-parchment-300">{SLOT_LABELS[slot]}</span>
              {item?.content ? (
                item.content
              ) : item ? (
                <span className={cn('text-sm font-medium', TIER_TEXT[item.tier])}>{item.name}</span>
              ) : (
                <span className="text-sm text-parchment-400">Empty</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
