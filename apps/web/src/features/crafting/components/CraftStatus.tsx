import type { CraftingView } from '@rpg/contract';
import { Hourglass, PackageCheck } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatClock, type CraftClock } from '../lib/craft-clock';

interface CraftStatusProps {
  view: CraftingView;
  clock: CraftClock | null;
  collecting: boolean;
  onCollect: () => void;
}

/** The craft in progress (bar and time left), or a finished one waiting for backpack room ('Collect'). */
export function CraftStatus({ view, clock, collecting, onCollect }: CraftStatusProps) {
  if (view.finished) {
    return (
      <section aria-label="Finished craft" className="rounded-lg border border-gold-500/60 bg-gold-900/40 p-3">
        <p className="flex items-center gap-2 font-semibold text-gold-200">
          <PackageCheck className="size-5" aria-hidden="true" />
          {view.finished.recipeName} is ready
        </p>
        <p className="mt-1 text-sm text-parchment-200">Your backpack was full. Make room, then collect it.</p>
        <Button size="sm" className="mt-3" onClick={onCollect} disabled={collecting}>
          {collecting ? 'Collecting…' : 'Collect'}
        </Button>
      </section>
    );
  }
  if (!view.active || !clock) return null;
  const percent = Math.round(clock.fraction * 100);
  const left = clock.due ? 'Finishing…' : `${formatClock(clock.remainingMs)} left`;
  return (
    <section aria-label="Crafting in progress" className="rounded-lg border border-gold-700/50 bg-ink-950/50 p-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="flex items-center gap-2 font-semibold text-parchment-50">
          <Hourglass className="size-4 text-gold-300" aria-hidden="true" />
          Crafting {view.active.recipeName}
        </p>
        <p className="text-sm text-parchment-300 tabular-nums">{left}</p>
      </div>
      <ProgressBar className="mt-2" label={`Crafting ${view.active.recipeName}`} value={percent} max={100} valueText={`${percent}%, ${left}`} />
    </section>
  );
}
