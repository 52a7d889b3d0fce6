import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { cn } from '@/lib/cn';
import { Button } from './Button';

interface DialogCloseButtonProps {
  /** The accessible name: 'Close', 'Close backpack', ... */
  label: string;
  className?: string;
}

/** The X in the corner of a Radix dialog or drawer (inside its Dialog.Content). */
export function DialogCloseButton({ label, className }: DialogCloseButtonProps) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="sm" className={cn('w-9 px-0', className)} aria-label={label}>
        <X className="size-5" aria-hidden="true" />
      </Button>
    </Dialog.Close>
  );
}
