import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './Button';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { AlertDialogPanel } from './DialogPanels';
import type { LazyPopupMount } from './LazyPopup';

/**
 * ConfirmDialog's Radix alert dialog, loaded on first use (LazyPopup): focus moves to Cancel,
 * Escape closes it, the page behind is inert.
 */
export function ConfirmDialogPopup({
  trigger,
  defaultOpen,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  destructive = false,
}: ConfirmDialogProps & LazyPopupMount) {
  return (
    <AlertDialog.Root defaultOpen={defaultOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialogPanel>
        <AlertDialog.Title className="font-display text-xl font-semibold text-gold-300">{title}</AlertDialog.Title>
        <AlertDialog.Description className="mt-3 text-sm text-parchment-200">{description}</AlertDialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel className={buttonClasses('secondary')}>{cancelLabel}</AlertDialog.Cancel>
          <AlertDialog.Action className={buttonClasses(destructive ? 'danger' : 'primary')} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialog.Action>
        </div>
      </AlertDialogPanel>
    </AlertDialog.Root>
  );
}
