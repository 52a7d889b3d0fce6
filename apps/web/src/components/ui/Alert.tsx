import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './Button';

export type AlertTone = 'info' | 'error' | 'success' | 'gold';

const tones: Record<AlertTone, string> = {
  info: 'border-sky-300/30 bg-sky-900/40 text-parchment-100',
  error: 'border-ember-500/50 bg-ember-900/50 text-ember-200',
  success: 'border-moss-400/40 bg-moss-900/50 text-moss-300',
  gold: 'border-gold-400/70 bg-gold-900/60 text-gold-200',
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' interrupts screen readers; use it for errors only. */
  role?: 'alert' | 'status' | 'note';
}

export function Alert({ tone = 'info', title, icon, children, className, role = 'note' }: AlertProps) {
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border p-4 text-sm', tones[tone], className)}>
      {icon ? (
        <span className="mt-0.5 shrink-0" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-display text-base font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

interface LoadErrorAlertProps {
  /** 'Your characters could not be loaded.' */
  title: string;
  onRetry: () => void;
  className?: string;
}

/** A failed load: the error alert with its 'Try Again' button. */
export function LoadErrorAlert({ title, onRetry, className }: LoadErrorAlertProps) {
  return (
    <Alert tone="error" role="alert" title={title} className={className}>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}
