import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'value' | 'onChange' | 'aria-invalid'> {
  /** The text as typed (parsed by the caller, so a half-typed number stays as it is). */
  value: string;
  onValueChange: (text: string) => void;
  /** Marks the field aria-invalid. */
  invalid?: boolean;
  /** Height, width and padding, e.g. 'h-10 w-24 px-3'. */
  className?: string;
}

/** A whole-number field with the numeric keyboard on phones; pair it with a <label htmlFor>. */
export function NumberInput({ value, onValueChange, invalid = false, className, ...input }: NumberInputProps) {
  return (
    <input
      type="number"
      inputMode="numeric"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      aria-invalid={invalid ? true : undefined}
      className={cn('rounded-md border border-ink-500 bg-ink-950/70 text-parchment-50 tabular-nums focus-visible:border-gold-400', className)}
      {...input}
    />
  );
}
