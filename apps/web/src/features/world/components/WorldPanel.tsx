import type { WorldResponse } from '@rpg/contract';
import { Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { WeatherIcon } from '@/components/WeatherIcon';
import { cn } from '@/lib/cn';
import { useWorldQuery } from '../api/get-world';

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Issue 42: the world's phase and hour, in words ('Day, world hour 14:00'). */
export function phaseText(world: Pick<WorldResponse, 'phase' | 'hour'>): string {
  return `${world.phase === 'day' ? 'Day' : 'Night'}, world hour ${pad(world.hour)}`;
}

/**
 * Issue 42 "a living world" on the play screen: day or night, the world's hour and each of the
 * five lands' weather with what it does to an adventure there. The same for every player; it
 * turns live (the `world-changed` push sets the query).
 */
export function WorldPanel({ live }: { live: boolean }) {
  const titleId = useId();
  const world = useWorldQuery(live);
  if (world.isError && !world.data) return <LoadErrorAlert title="The world could not be loaded." onRetry={() => void world.refetch()} />;
  const data = world.data;
  if (!data) return null;
  const night = data.phase === 'night';
  const PhaseIcon = night ? Moon : Sun;
  return (
    <Card
      className={cn(
        'p-4 sm:p-5',
        night
          ? 'bg-[radial-gradient(ellipse_at_top_right,rgb(169_205_240/0.08),transparent_60%)]'
          : 'bg-[radial-gradient(ellipse_at_top_right,rgb(240_213_138/0.10),transparent_60%)]',
      )}
    >
      <section aria-labelledby={titleId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="font-display text-lg font-semibold text-gold-200">
            The World
          </h2>
          <p role="status" aria-label="Time of day" className="inline-flex items-center gap-2 text-sm text-parchment-200">
            <PhaseIcon className={cn('size-4', night ? 'text-sky-300' : 'text-gold-300')} aria-hidden="true" />
            {phaseText(data)}
          </p>
        </div>
        <ul aria-label="Weather by land" className="mt-3 grid grid-cols-1 gap-1.5 sm:grid-cols-2 xl:grid-cols-3">
          {data.lands.map((land) => (
            <li
              key={land.id}
              aria-label={`${land.line}: ${land.effect}`}
              className="flex min-w-0 items-center gap-2 rounded-md border border-ink-600/80 bg-ink-950/50 px-2.5 py-1.5 text-sm"
            >
              <WeatherIcon land={land} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-parchment-100">{land.name}</span>
                <span className="block truncate text-xs text-parchment-400">
                  {land.underground ? 'Underground' : land.night ? 'Night' : 'Day'} · {land.weatherName}
                </span>
              </span>
              <span className={cn('shrink-0 text-right text-xs tabular-nums', land.effect === 'no effect' ? 'text-parchment-400' : 'text-ember-300')}>
                {land.effect}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
