import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Extra control placed inside the field on the right (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, hint, error, trailing, className, ...input }: TextFieldProps) {
  const id = useId();
  // An error takes the hint's place, so the same words never show twice.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = errorId ?? hintId;

  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-parchment-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'h-11 w-full rounded-md border bg-ink-950/70 px-3 text-parchment-50 placeholder:text-parchment-400/80',
            'focus-visible:border-gold-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-300',
            error ? 'border-ember-500' : 'border-ink-500',
            trailing ? 'pr-12' : undefined,
          )}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hintId ? (
        <p id={hintId} className="text-xs text-parchment-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-ember-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
