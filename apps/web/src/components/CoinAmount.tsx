import { cn } from '@/lib/cn';

export interface CoinSplit {
  gold: number;
  silver: number;
  copper: number;
}

const coinColours = {
  gold: 'text-gold-300',
  silver: 'text-slate-300',
  copper: 'text-orange-400',
} as const;

/** Money as '12g 3s 40c' (spec 01 section 9), read out as '12 gold, 3 silver, 40 copper'. */
export function CoinAmount({ coins, className }: { coins: CoinSplit; className?: string }) {
  const spoken = `${coins.gold} gold, ${coins.silver} silver, ${coins.copper} copper`;
  return (
    <span className={cn('inline-flex items-baseline gap-1.5 font-semibold tabular-nums', className)} aria-label={spoken} role="img">
      <span className={coinColours.gold}>{coins.gold}g</span>
      <span className={coinColours.silver}>{coins.silver}s</span>
      <span className={coinColours.copper}>{coins.copper}c</span>
    </span>
  );
}
