import type { CharacterClass, Race } from '@rpg/game';
import { previewStats, UPGRADABLE_ATTRIBUTES } from '@rpg/game';
import { ATTRIBUTE_LABELS } from '../../lib/labels';

/** Spec 01 section 3 "Combined stats preview": base 5 plus race and class bonuses; Health = 10 + constitution. */
export function StatsPreview({ race, characterClass }: { race: Race | null; characterClass: CharacterClass | null }) {
  const stats = previewStats(race, characterClass);
  const rows: Array<[string, number]> = [
    ...UPGRADABLE_ATTRIBUTES.map((attribute): [string, number] => [ATTRIBUTE_LABELS[attribute], stats[attribute]]),
    ['Health', stats.health],
    ['Mana', stats.mana],
  ];

  return (
    <section aria-labelledby="stats-preview-title" className="rounded-lg border border-gold-700/30 bg-ink-950/50 p-4">
      <h3 id="stats-preview-title" className="text-lg font-semibold text-gold-200">
        Combined Stats
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-parchment-300">{label}</dt>
            <dd className="font-semibold text-parchment-50 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
