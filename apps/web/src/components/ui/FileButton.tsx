import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { buttonClasses, type ButtonVariant } from './Button';

interface FileButtonProps {
  /** The visible text and the file input's accessible name. */
  label: string;
  accept: string;
  onFile: (file: File) => void;
  icon?: ReactNode;
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * A file input that looks like a button: the real input stays in the tab order (Enter or Space
 * opens the picker) and is named by the visible label.
 */
export function FileButton({ label, accept, onFile, icon, disabled = false, variant = 'secondary', className }: FileButtonProps) {
  const id = useId();

  return (
    <span className={cn('relative inline-flex', className)}>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClasses(variant, 'sm', 'w-full cursor-pointer'),
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300',
          disabled && 'pointer-events-none opacity-55',
        )}
      >
        {icon}
        {label}
      </label>
    </span>
  );
}
