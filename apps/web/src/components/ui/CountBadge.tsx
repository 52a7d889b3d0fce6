import { cn } from '@/lib/cn';

/** A small count pill (tabs, the header); nothing for 0 unless `showZero`. */
export function CountBadge({
  count,
  showZero = false,
  tone = 'gold',
  className,
}: {
  count: number;
  showZero?: boolean;
  tone?: 'gold' | 'ember';
  className?: string;
}) {
  if (count === 0 && !showZero) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-semibold',
        tone === 'ember' ? 'bg-ember-500 text-white' : 'bg-ink-700 text-gold-200',
        className,
      )}
    >
      {count}
    </span>
  );
}
