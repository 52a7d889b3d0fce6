import { queryKeys, type AwaySummary } from '@rpg/contract';
import { copper, toCoins } from '@rpg/game';
import { useQueryClient } from '@tanstack/react-query';
import { Moon, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { Button } from '@/components/ui/Button';
import { useAwayQuery } from '../api/get-away';
import { markAwaySeen } from '../api/mark-away-seen';
import { useAwaySeen } from '../hooks/useAwaySeen';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const itemsText = (items: AwaySummary['itemsIn']) => items.map((i) => (i.quantity > 1 ? `${i.name} x${i.quantity}` : i.name)).join(', ');

/** The card's lines: only what happened, in a fixed order. */
export function awayLines(s: AwaySummary): { key: string; label: string; value: ReactNode }[] {
  const lines: { key: string; label: string; value: ReactNode }[] = [];
  if (s.won + s.lost > 0) lines.push({ key: 'adventures', label: 'Adventures', value: `${s.won} won, ${s.lost} lost` });
  if (s.xp > 0) lines.push({ key: 'xp', label: 'XP', value: `+${s.xp}` });
  if (s.levels > 0) lines.push({ key: 'levels', label: 'Levels', value: `+${s.levels}` });
  if (s.copperIn > 0) lines.push({ key: 'in', label: 'Money in', value: <CoinAmount compact coins={toCoins(copper(s.copperIn))} /> });
  if (s.copperOut > 0) lines.push({ key: 'out', label: 'Money out', value: <CoinAmount compact coins={toCoins(copper(s.copperOut))} /> });
  if (s.itemsIn.length > 0) lines.push({ key: 'items-in', label: 'Items in', value: itemsText(s.itemsIn) });
  if (s.itemsOut.length > 0) lines.push({ key: 'items-out', label: 'Items out', value: itemsText(s.itemsOut) });
  if (s.sales > 0) lines.push({ key: 'sales', label: 'Auction sales', value: plural(s.sales, 'sale') });
  if (s.gifts > 0) lines.push({ key: 'gifts', label: 'Gifts', value: plural(s.gifts, 'gift') });
  if (s.messages > 0) lines.push({ key: 'messages', label: 'Messages', value: plural(s.messages, 'new message') });
  return lines;
}

/**
 * Issue 44 point 5: on returning after a while, one card with what settled for the character
 * (the server sums the ledger, the adventures and the messages); Dismiss marks it read.
 */
export function AwayCard({ characterId }: { characterId: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const away = useAwayQuery(characterId);
  const card = away.data?.card ?? null;
  // The player is here once the card is read (or there was none).
  useAwaySeen(away.isSuccess && card === null);
  if (!card) return null;

  const dismiss = () => {
    queryClient.setQueryData(queryKeys.away(characterId), { card: null });
    void markAwaySeen(card.until).catch(() => undefined);
  };

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-gold-600/60 bg-ink-850/95 p-4 shadow-lg">
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 font-display text-lg font-semibold text-gold-200">
          <Moon className="size-5" aria-hidden="true" />
          While you were away
        </h2>
        <Button variant="ghost" size="sm" onClick={dismiss} aria-label="Dismiss while you were away">
          <X className="size-4" aria-hidden="true" />
          Dismiss
        </Button>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {awayLines(card.summary).map((line) => (
          <div key={line.key} className="contents">
            <dt className="text-parchment-300">{line.label}</dt>
            <dd className="text-parchment-50">{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
