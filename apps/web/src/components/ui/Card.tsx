import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A framed panel: dark slate with a thin gold edge. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-xl border border-gold-700/40 bg-ink-850/90 p-6 shadow-[0_10px_40px_-12px_rgb(0_0_0/0.8)] backdrop-blur-sm', className)}
      {...props}
    />
  );
}
