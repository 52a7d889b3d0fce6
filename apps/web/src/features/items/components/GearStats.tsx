import type { InventoryView } from '@rpg/contract';
import { cn } from '@/lib/cn';
import { signed } from '@/lib/item-display';
import { useInventoryQuery } from '../api/get-inventory';

type Effective = InventoryView['effective'];
type Bonuses = InventoryView['bonuses'];

interface StatRow {
  label: string;
  value: (effective: Effective) => number;
  bonus: (bonuses: Bonuses) => number;
}

const ROWS: readonly StatRow[] = [
  { label: 'Attack', value: (e) => e.attack, bonus: (b) => b.attack },
  { label: 'Defense', value: (e) => e.defense, bonus: (b) => b.defense },
  { label: 'Speed', value: (e) => e.speed, bonus: (b) => b.speed },
  { label: 'Magic Power', value: (e) => e.magicPower, bonus: () => 0 },
  { label: 'Max Health', value: (e) => e.maxHealth, bonus: (b) => b.health },
];

/** The attributes plus equipped gear, as combat counts them: 'Attack 5 (+2)'. */
export function GearStats({ characterId }: { characterId: string }) {
  const { data } = useInventoryQuery(characterId);
  if (!data) return null;

  return (
    <section aria-labelledby="gear-stats-title">
      <h3 id="gear-stats-title" className="text-lg font-semibold text-gold-200">
        With Gear
      </h3>
      <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
        {ROWS.map((row) => {
          const bonus = row.bonus(data.bonuses);
          return (
            <li key={row.label} className="flex h-9 items-center justify-between gap-2 rounded-md bg-ink-950/40 px-3">
              <span className="text-parchment-200">{row.label}</span>
              <span className="font-semibold text-parchment-50 tabular-nums">
                {row.value(data.effective)}
                {bonus !== 0 ? (
                  <span className={cn('ml-1.5 text-sm', bonus > 0 ? 'text-sky-300' : 'text-ember-300')}>
                    ({signed(bonus)})<span className="sr-only"> from gear</span>
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
