import { cn } from '@/lib/cn';

export type ProgressTone = 'gold' | 'health' | 'mana' | 'calm' | 'warning' | 'danger';

const fills: Record<ProgressTone, string> = {
  gold: 'bg-gradient-to-r from-gold-600 to-gold-300',
  health: 'bg-gradient-to-r from-ember-700 to-ember-500',
  mana: 'bg-gradient-to-r from-sky-900 to-sky-300',
  calm: 'bg-gradient-to-r from-moss-900 to-moss-400',
  warning: 'bg-gradient-to-r from-yellow-600 to-yellow-300',
  danger: 'bg-gradient-to-r from-ember-700 to-ember-500',
};

interface ProgressBarProps {
  /** The accessible name, e.g. 'Health'. */
  label: string;
  value: number;
  max: number;
  /** Read out instead of the bare number, e.g. '8 of 10'. */
  valueText?: string;
  tone?: ProgressTone;
  className?: string;
}

/** A thin bar with role="progressbar"; a max of 0 shows an empty bar. */
export function ProgressBar({ label, value, max, valueText, tone = 'gold', className }: ProgressBarProps) {
  const safeMax = Math.max(max, 0);
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = safeMax === 0 ? 0 : (clamped / safeMax) * 100;

  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-ink-950/80 ring-1 ring-ink-600', className)}
    >
      <div className={cn('h-full rounded-full transition-[width] duration-500', fills[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}
