import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { DialogCloseButton } from '@/components/ui/DialogCloseButton';
import { cn } from '@/lib/cn';

interface ChipDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}

/** Both chip dialogs: a centred Radix dialog opened by `trigger`; focus is trapped, Escape closes it. */
export function ChipDialog({ open, onOpenChange, trigger, title, description, children }: ChipDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2',
            '-translate-y-1/2 overflow-y-auto rounded-xl border border-gold-700/50 bg-ink-850 p-5 shadow-2xl sm:p-6',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="font-display text-xl font-semibold text-gold-300">{title}</Dialog.Title>
            <DialogCloseButton label="Close" className="-mt-1 -mr-2" />
          </div>
          <Dialog.Description className="mt-1 text-sm text-parchment-300">{description}</Dialog.Description>
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface PresetButtonsProps {
  presets: readonly number[];
  /** The amount chosen now (its preset is shown pressed). */
  value: number | null;
  /** Presets above this are disabled (the chips held, or what the money buys). */
  max?: number;
  onPick: (amount: number) => void;
}

/** Spec 02 section 2: the presets 100, 500, 1000, 5000, 10000 as toggle buttons. */
export function PresetButtons({ presets, value, max, onPick }: PresetButtonsProps) {
  return (
    <div role="group" aria-label="Preset amounts" className="grid grid-cols-5 gap-1.5">
      {presets.map((preset) => (
        <button
          key={preset}
          type="button"
          aria-pressed={value === preset}
          aria-label={`${preset} chips`}
          disabled={max !== undefined && preset > max}
          onClick={() => onPick(preset)}
          className={cn(
            'h-9 rounded-md border text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2',
            'focus-visible:outline-offset-2 focus-visible:outline-gold-300 disabled:cursor-not-allowed disabled:opacity-40',
            value === preset ? 'border-gold-400 bg-gold-500/20 text-gold-200' : 'border-ink-500 bg-ink-950/60 text-parchment-100 hover:border-gold-600',
          )}
        >
          {preset >= 1000 ? `${preset / 1000}k` : preset}
        </button>
      ))}
    </div>
  );
}

/** The summary under a chip dialog's amount: a list of SummaryRow lines. */
export function SummaryList({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-ink-700 rounded-lg border border-ink-600 bg-ink-950/40 px-3 py-1 text-sm">{children}</dl>;
}

interface SummaryRowProps {
  label: string;
  children: ReactNode;
}

/** One 'label: value' line of a dialog's summary (inside a <dl>). */
export function SummaryRow({ label, children }: SummaryRowProps) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-parchment-300">{label}</dt>
      <dd className="text-right text-parchment-50">{children}</dd>
    </div>
  );
}

interface ConfirmStepProps {
  /** 'Confirm purchase of 100 chips for 1s?' */
  question: string;
  details?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** The second step of a chip dialog: the question, Back and the real request. */
export function ConfirmStep({ question, details, confirmLabel, pendingLabel, pending, onBack, onConfirm }: ConfirmStepProps) {
  return (
    <div className="space-y-4">
      <p className="rounded-lg border border-gold-600/40 bg-gold-500/10 p-3 font-semibold text-gold-200" role="status">
        {question}
      </p>
      {details}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        {/* The confirm step replaces the form: focus lands on the action it asks about. */}
        <Button onClick={onConfirm} disabled={pending} autoFocus>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </div>
  );
}

interface FormFooterProps {
  /** Why the amount cannot go on (spoken as it changes), or null. */
  problem: string | null;
  /** The problem line's id, for the field's aria-describedby. */
  problemId?: string;
  /** Continue is disabled (a problem, or the wallet still loading). */
  blocked: boolean;
}

/** The end of a chip dialog's form: the problem line, Cancel and Continue (to the confirm step). */
export function FormFooter({ problem, problemId, blocked }: FormFooterProps) {
  return (
    <>
      <p id={problemId} className="min-h-5 text-sm font-medium text-ember-300" aria-live="polite">
        {problem}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={blocked}>
          Continue
        </Button>
      </div>
    </>
  );
}
