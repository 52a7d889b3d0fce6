import { CHIP_PRESETS } from '@rpg/game';
import { HandCoins } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { Button } from '@/components/ui/Button';
import { NumberInput } from '@/components/ui/NumberInput';
import { useCashOutChips } from '../api/cash-out-chips';
import { cashOutConfirmText, cashOutPreview, cashOutProblem, coinsOf, parseCashOutAmount } from '../lib/chips';
import { useChipDialog } from '../hooks/useChipDialog';
import { ChipDialog, ConfirmStep, FormFooter, PresetButtons, SummaryList, SummaryRow } from './ChipDialogParts';

interface CashOutDialogProps {
  characterId: string;
  /** The chips held beside the table (above 0: the button is shown only then). */
  chips: number;
}

/** Spec 02 section 2: 'Cash Out Casino Chips', up to the chips held, 5 % fee, then a confirmation. */
export function CashOutDialog({ characterId, chips }: CashOutDialogProps) {
  const { open, onOpenChange, close, text, setText, confirming, setConfirming } = useChipDialog(String(chips));
  const amountId = useId();
  const problemId = useId();
  const cashOut = useCashOutChips(characterId);

  const amount = parseCashOutAmount(text);
  const problem = cashOutProblem(amount, chips);
  const preview = amount !== null && !problem ? cashOutPreview(amount) : null;

  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || problem) return;
    setText(String(amount));
    setConfirming(true);
  };

  return (
    <ChipDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="ghost" size="sm">
          <HandCoins className="size-4" aria-hidden="true" />
          Cash Out
        </Button>
      }
      title="Cash Out Casino Chips"
      description={`You hold ${chips} chips. Cashing out costs a 5% fee.`}
    >
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
          onConfirm={() => cashOut.mutate(amount, { onSuccess: close })}
        />
      ) : (
        <form onSubmit={toConfirm} className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={amountId} className="block text-sm font-medium text-parchment-200">
              Chips to cash out
            </label>
            <div className="flex gap-2">
              <NumberInput
                id={amountId}
                min={1}
                max={chips}
                step={1}
                value={text}
                onValueChange={setText}
                invalid={Boolean(problem)}
                aria-describedby={problem ? problemId : undefined}
                className="h-11 min-w-0 flex-1 px-3"
              />
              <Button variant="secondary" className="h-11" onClick={() => setText(String(chips))} aria-label={`All ${chips} chips`}>
                All
              </Button>
            </div>
          </div>
          <PresetButtons presets={CHIP_PRESETS} value={amount} max={chips} onPick={(preset) => setText(String(preset))} />
          <SummaryList>
            <SummaryRow label="Chips held">
              <span className="tabular-nums">{chips}</span>
            </SummaryRow>
            <SummaryRow label="Fee (5%)">{preview ? <CoinAmount coins={coinsOf(preview.fee)} compact /> : '–'}</SummaryRow>
            <SummaryRow label="You receive">{preview ? <CoinAmount coins={coinsOf(preview.received)} compact /> : '–'}</SummaryRow>
          </SummaryList>
          <FormFooter problem={problem} problemId={problemId} blocked={problem !== null} />
        </form>
      )}
    </ChipDialog>
  );
}
