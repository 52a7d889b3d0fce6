import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base = cn(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2',
  'focus-visible:outline-offset-2 focus-visible:outline-gold-300 disabled:cursor-not-allowed disabled:opacity-55',
);

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-gold-500 text-ink-950 shadow-[0_0_0_1px_rgb(240_213_138/0.35)] hover:bg-gold-400 font-semibold',
  secondary: 'border border-gold-600/70 bg-ink-800/70 text-gold-300 hover:bg-gold-500/10 hover:text-gold-200',
  ghost: 'text-parchment-200 hover:bg-ink-700 hover:text-parchment-50',
  danger: 'bg-ember-700 text-parchment-50 hover:bg-ember-500',
  link: 'text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline px-0 py-0',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Button look for <button> and for links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], variant === 'link' ? 'text-sm' : sizes[size], extra);
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
