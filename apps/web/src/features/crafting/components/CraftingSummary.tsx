import type { CraftingView } from '@rpg/contract';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { levelBar } from '../lib/craft-clock';

/** Spec 02 section 2: the crafting level with its XP bar, the three bonuses and the unlocked count. */
export function CraftingSummary({ view }: { view: CraftingView }) {
  const bar = levelBar(view);
  const bonuses = [
    { label: 'Crafting speed bonus', value: view.bonuses.speedReduction },
    { label: 'Resource discount', value: view.bonuses.resourceDiscount },
    { label: 'Quality bonus', value: view.bonuses.qualityBonus },
  ];
  return (
    <section aria-label="Crafting level" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-display text-lg font-semibold text-parchment-50">Crafting Level {view.level}</p>
        <p className="text-sm text-parchment-300 tabular-nums">{bar.text}</p>
      </div>
      <ProgressBar label="Crafting XP" value={bar.value} max={bar.max} valueText={bar.text} />
      <dl className="grid grid-cols-3 gap-2 text-center">
        {bonuses.map(({ label, value }) => (
          <div key={label} className="rounded-lg border border-ink-600 bg-ink-950/50 px-2 py-2">
            <dt className="text-[0.7rem] leading-tight text-parchment-400">{label}</dt>
            <dd className="font-semibold text-gold-200 tabular-nums">{value}%</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-parchment-200">
        <span className="font-semibold text-parchment-50 tabular-nums">
          {view.unlocked.unlocked} / {view.unlocked.total}
        </span>{' '}
        recipes unlocked
      </p>
    </section>
  );
}
