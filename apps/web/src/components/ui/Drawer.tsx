import type { LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './Button';
import { DialogCloseButton } from './DialogCloseButton';

const widths = { md: 'max-w-md', lg: 'max-w-lg' } as const;

interface DrawerProps {
  /** The drawer's heading, and the text of the small button that opens it. */
  title: string;
  /** The icon on that button. */
  icon: LucideIcon;
  description: string;
  /** The close button's accessible name, e.g. 'Close backpack'. */
  closeLabel: string;
  width?: keyof typeof widths;
  /** The panel below the heading (a flex column: give the scrolling part `min-h-0 flex-1`). */
  children: ReactNode;
}

/** A Radix dialog as a side panel from the right: focus is trapped, Escape, the X or the overlay close it. */
export function Drawer({ title, icon: Icon, description, closeLabel, width = 'md', children }: DrawerProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Icon className="size-4" aria-hidden="true" />
          {title}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/70 backdrop-blur-sm" />
        <Dialog.Content
          className={cn('drawer-panel fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-gold-700/50 bg-ink-850 shadow-2xl', widths[width])}
        >
          <div className="flex items-start justify-between gap-3 px-4 pt-4 pb-3 sm:px-5">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold text-gold-300">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-parchment-300">{description}</Dialog.Description>
            </div>
            <DialogCloseButton label={closeLabel} />
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
