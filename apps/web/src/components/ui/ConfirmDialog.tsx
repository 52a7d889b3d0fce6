import type { ReactElement, ReactNode } from 'react';
import { lazyModule } from '@/lib/lazy-module';
import { LazyPopup } from './LazyPopup';

export interface ConfirmDialogProps {
  /** The element that opens the dialog (a button). */
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Runs when the player confirms; the dialog closes at once. */
  onConfirm: () => void;
  destructive?: boolean;
}

const popup = lazyModule(() => import('./ConfirmDialogPopup').then((module) => module.ConfirmDialogPopup));

/**
 * A Radix alert dialog: focus moves to Cancel, Escape closes it, the page behind is inert. Its
 * code loads on first use (the trigger alone renders until then: LazyPopup).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <LazyPopup popup={popup} kind="dialog" trigger={props.trigger}>
      {(Popup, mount) => <Popup {...props} {...mount} />}
    </LazyPopup>
  );
}
