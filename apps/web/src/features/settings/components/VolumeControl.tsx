import { Volume2, VolumeX } from 'lucide-react';
import { Slider } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { MAX_VOLUME, MIN_VOLUME } from '../lib/game-settings';

interface VolumeControlProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  onToggleMute: () => void;
}

/** A 0-100 slider shown as a percentage, with a mute toggle beside it (spec 01 section 2). */
export function VolumeControl({ label, value, onChange, onToggleMute }: VolumeControlProps) {
  const labelId = useId();
  const muted = value === 0;

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-parchment-200">
          {label}
        </span>
        <span className="font-semibold text-gold-300 tabular-nums" aria-hidden="true">
          {value}%
        </span>
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          aria-label={`Mute ${label}`}
          aria-pressed={muted}
          title={muted ? `Unmute ${label}` : `Mute ${label}`}
          onClick={onToggleMute}
          className={cn(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-md border transition-colors',
            muted ? 'border-ember-500/60 bg-ember-900/50 text-ember-300' : 'border-ink-500 text-parchment-200 hover:border-gold-600/70 hover:text-gold-200',
          )}
        >
          {muted ? <VolumeX className="size-5" aria-hidden="true" /> : <Volume2 className="size-5" aria-hidden="true" />}
        </button>
        <Slider.Root
          className="relative flex h-10 flex-1 touch-none items-center select-none"
          min={MIN_VOLUME}
          max={MAX_VOLUME}
          step={1}
          value={[value]}
          onValueChange={([next]) => {
            if (next !== undefined) onChange(next);
          }}
        >
          <Slider.Track className="relative h-2 grow overflow-hidden rounded-full bg-ink-950 ring-1 ring-ink-600">
            <Slider.Range className="absolute h-full rounded-full bg-gradient-to-r from-gold-600 to-gold-300" />
          </Slider.Track>
          <Slider.Thumb
            aria-labelledby={labelId}
            aria-valuetext={`${value}%`}
            className="block size-5 rounded-full border-2 border-gold-300 bg-ink-900 shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-300"
          />
        </Slider.Root>
      </div>
    </div>
  );
}
