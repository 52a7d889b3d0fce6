import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { ColourPreset } from './choices';

interface ColourFieldProps {
  label: string;
  value: string;
  presets: readonly ColourPreset[];
  onChange: (hex: string) => void;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A colour: named swatches for a quick pick, and the browser's colour picker for any other. */
export function ColourField({ label, value, presets, onChange }: ColourFieldProps) {
  const id = useId();

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-parchment-200">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="color"
          value={value.toLowerCase()}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-9 w-12 cursor-pointer rounded border border-ink-500 bg-ink-950 p-0.5"
        />
        {presets.map((preset) => (
          <button
            key={preset.hex}
            type="button"
            aria-label={`${label}: ${preset.name}`}
            title={preset.name}
            aria-pressed={same(preset.hex, value)}
            onClick={() => onChange(preset.hex)}
            className={cn(
              'size-8 rounded-full border-2 transition-transform hover:scale-110',
              same(preset.hex, value) ? 'border-gold-300 ring-2 ring-gold-500/50' : 'border-ink-500',
            )}
            style={{ backgroundColor: preset.hex }}
          />
        ))}
      </div>
    </div>
  );
}
