import type { AdventureView } from '@rpg/contract';
import { Hourglass } from 'lucide-react';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { formatCountdown, journeyProgress } from '../lib/time-format';

interface AdventureBannerProps {
  adventure: AdventureView;
  /** Time left by this device's clock, in ms. */
  remaining: number;
}

/** Spec 02 §2: '{character} is on an adventure' and 'They will return in m:ss', with the journey's progress. */
export function AdventureBanner({ adventure, remaining }: AdventureBannerProps) {
  const countdown = formatCountdown(remaining);
  const progress = journeyProgress(remaining, adventure.durationMs);
  return (
    <section
      aria-label="Current adventure"
      className="mx-3 mt-3 rounded-lg border border-amber-500/50 bg-gradient-to-r from-amber-900/40 via-ink-850 to-ink-850 px-4 py-3 shadow-[inset_0_1px_0_rgb(240_213_138/0.12)]"
    >
      <div className="flex items-start gap-3">
        <Hourglass className="mt-0.5 size-5 shrink-0 animate-pulse text-amber-300 motion-reduce:animate-none" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-display text-lg leading-tight font-semibold text-gold-200">{adventure.characterName} is on an adventure</p>
          <p className="mt-0.5 text-sm text-parchment-200">
            {adventure.locationName}, level {adventure.level}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">. </span>
            They will return in <span className="font-semibold text-parchment-50 tabular-nums">{countdown}</span>
          </p>
        </div>
      </div>
      <ProgressBar
        className="mt-3"
        label="Adventure progress"
        value={Math.round(progress * 100)}
        max={100}
        valueText={`${Math.round(progress * 100)}%, back in ${countdown}`}
        tone="gold"
      />
    </section>
  );
}
