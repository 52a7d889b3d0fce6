import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Tailwind grid columns, e.g. 'grid-cols-2 sm:grid-cols-5'. */
  columns: string;
}

/**
 * Native radio buttons drawn as tiles: Tab enters the group, the arrow keys move the choice,
 * and the legend names the group. The transparent input covers its tile, so a click lands on it.
 */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange, columns }: ChoiceGroupProps<T>) {
  const name = useId();

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-parchment-200">{legend}</legend>
      <div className={cn('grid gap-2', columns)}>
        {choices.map((choice) => (
          <label key={choice.value} className="relative block">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0"
            />
            <span
              className={cn(
                'flex h-11 cursor-pointer items-center justify-center rounded-md border px-2 text-center text-sm font-medium transition-colors',
                'border-ink-500 bg-ink-950/60 text-parchment-200 hover:border-gold-600/70 hover:text-parchment-50',
                'peer-checked:border-gold-400 peer-checked:bg-gold-500/15 peer-checked:text-gold-200',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300',
              )}
            >
              {choice.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
