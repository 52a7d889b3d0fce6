import type { Card } from '@rpg/game';
import { cn } from '@/lib/cn';
import { cardName, isRedSuit } from '../lib/poker';

const FRAME = 'flex h-16 w-11 shrink-0 flex-col items-center justify-center rounded-md border text-lg font-bold shadow-md sm:h-20 sm:w-14 sm:text-xl';

/** A card face up ('A♠' read as 'Ace of Spades'), or face down when `card` is null. */
export function PlayingCard({ card }: { card: Card | null }) {
  if (!card) {
    return (
      <span
        role="img"
        aria-label="Face-down card"
        className={cn(FRAME, 'border-gold-700/60 bg-[repeating-linear-gradient(45deg,var(--color-ink-700)_0_6px,var(--color-ink-800)_6px_12px)]')}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={cardName(card)}
      className={cn(FRAME, 'border-parchment-300 bg-parchment-50', isRedSuit(card.suit) ? 'text-ember-700' : 'text-ink-950')}
    >
      <span aria-hidden="true">{card.display}</span>
    </span>
  );
}

/** An empty place for a community card not dealt yet. */
export function CardSlot() {
  return <span aria-hidden="true" className={cn(FRAME, 'border-dashed border-ink-500 bg-ink-950/30 shadow-none')} />;
}
