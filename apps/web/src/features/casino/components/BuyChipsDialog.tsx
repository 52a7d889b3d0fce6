import { CHIP_PRESETS } from '@rpg/game';
import { Coins } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { Button } from '@/components/ui/Button';
import { NumberInput } from '@/components/ui/NumberInput';
import { useBuyChips } from '../api/buy-chips';
import { useWallet } from '../api/get-wallet';
import { buyConfirmText, buyProblem, coinsOf, maxAffordableChips, roundChipAmount } from '../lib/chips';
import { useChipDialog } from '../hooks/useChipDialog';
import { ChipDialog, ConfirmStep, FormFooter, PresetButtons, SummaryList, SummaryRow } from './ChipDialogParts';

interface BuyChipsDialogProps {
  characterId: string;
  /** The chips held beside the table, shown on the button. */
  chips: number;
}

/** Spec 02 section 2: 'Buy Casino Chips', amount and presets, then a confirmation before the purchase. */
export function BuyChipsDialog({ characterId, chips }: BuyChipsDialogProps) {
  const { open, onOpenChange, close, text, setText, confirming, setConfirming } = useChipDialog('100');
  const amountId = useId();
  const hintId = useId();
  const wallet = useWallet(characterId).data ?? null;
  const buy = useBuyChips(characterId);

  const amount = roundChipAmount(text);
  const funds = wallet?.copper ?? 0;
  const problem = wallet ? buyProblem(amount, funds) : null;

  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    setText(String(amount));
    if (wallet && !problem) setConfirming(true);
  };
  const confirm = () => buy.mutate(amount, { onSuccess: close });

  return (
    <ChipDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="secondary" size="sm">
          <Coins className="size-4" aria-hidden="true" />
          Buy Chips
          <span className="rounded-full bg-gold-500/20 px-2 py-0.5 text-xs font-bold text-gold-200 tabular-nums">
            {chips}
            <span className="sr-only"> chips</span>
          </span>
        </Button>
      }
      title="Buy Casino Chips"
      description="1 copper buys 1 chip. Chips are sold in multiples of 100."
    >
      {confirming ? (
        <ConfirmStep
          question={buyConfirmText(amount)}
          confirmLabel="Confirm"
          pendingLabel="Buying…"
          pending={buy.isPending}
          onBack={() => setConfirming(false)}
          onConfirm={confirm}
        />
      ) : (
        <form onSubmit={toConfirm} className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={amountId} className="block text-sm font-medium text-parchment-200">
              Chips to buy
            </label>
            <NumberInput
              id={amountId}
              min={100}
              step={100}
              value={text}
              onValueChange={setText}
              onBlur={() => setText(String(amount))}
              aria-describedby={hintId}
              invalid={Boolean(problem)}
              className="h-11 w-full px-3"
            />
            <p id={hintId} className="text-xs text-parchment-300">
              Rounded down to a multiple of 100; at least 100.
            </p>
          </div>
          <PresetButtons presets={CHIP_PRESETS} value={amount} onPick={(preset) => setText(String(preset))} />
          <SummaryList>
            <SummaryRow label="Chips">
              <span className="font-semibold tabular-nums">{amount}</span>
            </SummaryRow>
            <SummaryRow label="Cost">
              <CoinAmount coins={coinsOf(amount)} compact />
            </SummaryRow>
            <SummaryRow label="Your wallet">{wallet ? <CoinAmount coins={wallet.coins} /> : '…'}</SummaryRow>
            <SummaryRow label="You can afford">
              <span className="tabular-nums">{wallet ? `${maxAffordableChips(funds)} chips` : '…'}</span>
            </SummaryRow>
          </SummaryList>
          <FormFooter problem={problem} blocked={!wallet || problem !== null} />
        </form>
      )}
    </ChipDialog>
  );
}
