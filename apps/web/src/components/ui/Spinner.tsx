import { cn } from '@/lib/cn';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A gold ring that spins; announced to assistive technology by its label. */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-gold-700/40 border-t-gold-400"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the available space (route loading, session loading). */
export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50dvh] w-full flex-1 items-center justify-center p-8">
      <Spinner label={label} />
    </div>
  );
}
