import { usePokerQuery } from '../api/get-poker';
import { BuyChipsDialog } from './BuyChipsDialog';
import { CashOutDialog } from './CashOutDialog';

/**
 * Spec 02 section 2, the console header's casino buttons: 'Cash Out' only while chips are held
 * beside the table, and 'Buy Chips' with the chip count.
 */
export function CasinoHeaderActions({ characterId }: { characterId: string }) {
  const chips = usePokerQuery(characterId).data?.chips ?? 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {chips > 0 ? <CashOutDialog characterId={characterId} chips={chips} /> : null}
      <BuyChipsDialog characterId={characterId} chips={chips} />
    </div>
  );
}
