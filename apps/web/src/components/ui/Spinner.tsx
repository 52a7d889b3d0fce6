import { cn } from '@/lib/cn';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/**
 * The gold ring itself, decorative. An SVG rather than a bordered box: the browser counts an SVG as
 * content, so a page that opens on a spinner has its first contentful paint then, not only once
 * its text arrives. index.html carries the same markup, painted before the scripts run.
 */
export function SpinnerRing({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" fill="none" strokeWidth={4} className={cn('size-10 animate-spin', className)}>
      <circle cx="20" cy="20" r="18" className="stroke-gold-700/40" />
      <path d="M7.27 7.27a18 18 0 0 1 25.46 0" className="stroke-gold-400" />
    </svg>
  );
}

/** A gold ring that spins; announced to assistive technology by its label. */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <SpinnerRing />
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
