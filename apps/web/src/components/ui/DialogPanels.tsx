import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { DialogCloseButton } from './DialogCloseButton';

/**
 * The centred panel of a Radix alert dialog (inside its AlertDialog.Root): overlay and content.
 * The children bring the AlertDialog.Title, Description, Cancel and the action.
 */
export function AlertDialogPanel({ children }: { children: ReactNode }) {
  return (
    <AlertDialog.Portal>
      <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm" />
      <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-gold-700/50 bg-ink-850 p-6 shadow-2xl">
        {children}
      </AlertDialog.Content>
    </AlertDialog.Portal>
  );
}

/**
 * The centred panel of a Radix form dialog (inside its Dialog.Root): overlay, a header with the
 * title, the description and a close button, then the children (a scrolling body and a footer).
 */
export function DialogPanel({ title, description, children }: { title: ReactNode; description: ReactNode; children: ReactNode }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm" />
      <Dialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg',
          '-translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-gold-700/50 bg-ink-850 shadow-2xl',
        )}
      >
        <div className="flex items-start justify-between gap-3 border-b border-ink-600 p-4">
          <div>
            <Dialog.Title className="font-display text-xl font-semibold text-gold-300">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-parchment-300">{description}</Dialog.Description>
          </div>
          <DialogCloseButton label="Close" />
        </div>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
