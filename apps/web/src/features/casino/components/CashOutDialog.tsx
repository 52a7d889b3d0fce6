import { CHIP_PRESETS } from '@rpg/game';
import { HandCoins } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { Button } from '@/components/ui/Button';
import { useCashOutChips } from '../api/cash-out-chips';
import { cashOutConfirmText, cashOutPreview, cashOutProblem, coinsOf, parseCashOutAmount } from '../lib/chips';
import { ChipDialogFrame, ConfirmStep, PresetButtons, SummaryRow } from './ChipDialogParts';

interface CashOutDialogProps {
  characterId: string;
  /** The chips held beside the table (above 0: the button is shown only then). */
  chips: number;
}

/** Spec 02 section 2: 'Cash Out Casino Chips', up to the chips held, 5 % fee, then a confirmation. */
export function CashOutDialog({ characterId, chips }: CashOutDialogProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(String(chips));
  const [confirming, setConfirming] = useState(false);
  const amountId = useId();
  const problemId = useId();
  const cashOut = useCashOutChips(characterId);

  const amount = parseCashOutAmount(text);
  const problem = cashOutProblem(amount, chips);
  const preview = amount !== null && !problem ? cashOutPreview(amount) : null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setText(String(chips));
      setConfirming(false);
    }
  };
  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || problem) return;
    setText(String(amount));
    setConfirming(true);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm">
          <HandCoins className="size-4" aria-hidden="true" />
          Cash Out
        </Button>
      </Dialog.Trigger>
      <ChipDialogFrame title="Cash Out Casino Chips" description={`You hold ${chips} chips. Cashing out costs a 5% fee.`}>
        {confirming && amount !== null && preview ? (
          <ConfirmStep
            question={cashOutConfirmText(amount)}
            details={
              <p className="text-sm text-parchment-300">
                Fee: <CoinAmount coins={coinsOf(preview.fee)} compact /> (5%)
              </p>
            }
            confirmLabel="Confirm"
            pendingLabel="Cashing out…"
            pending={cashOut.isPending}
            onBack={() => setConfirming(false)}
            onConfirm={() => cashOut.mutate(amount, { onSuccess: () => setOpen(false) })}
          />
        ) : (
          <form onSubmit={toConfirm} className="space-y-4">
            <div className="space-y-1.5">
              <label htmlFor={amountId} className="block text-sm font-medium text-parchment-200">
                Chips to cash out
              </label>
              <div className="flex gap-2">
                <input
                  id={amountId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={chips}
                  step={1}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? problemId : undefined}
                  className="h-11 min-w-0 flex-1 rounded-md border border-ink-500 bg-ink-950/70 px-3 text-parchment-50 tabular-nums focus-visible:border-gold-400"
                />
                <Button variant="secondary" className="h-11" onClick={() => setText(String(chips))} aria-label={`All ${chips} chips`}>
                  All
                </Button>
              </div>
            </div>
            <PresetButtons presets={CHIP_PRESETS} value={amount} max={chips} onPick={(preset) => setText(String(preset))} />
            <dl className="divide-y divide-ink-700 rounded-lg border border-ink-600 bg-ink-950/40 px-3 py-1 text-sm">
              <SummaryRow label="Chips held">
                <span className="tabular-nums">{chips}</span>
              </SummaryRow>
              <SummaryRow label="Fee (5%)">{preview ? <CoinAmount coins={coinsOf(preview.fee)} compact /> : '–'}</SummaryRow>
              <SummaryRow label="You receive">{preview ? <CoinAmount coins={coinsOf(preview.received)} compact /> : '–'}</SummaryRow>
            </dl>
            <p id={problemId} className="min-h-5 text-sm font-medium text-ember-300" aria-live="polite">
              {problem}
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={problem !== null}>
                Continue
              </Button>
            </div>
          </form>
        )}
      </ChipDialogFrame>
    </Dialog.Root>
  );
}
