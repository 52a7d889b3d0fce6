import { useId } from 'react';
import type { Choice } from './ChoiceGroup';

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
}

/** A native select with a visible label. */
export function SelectField<T extends string>({ label, value, choices, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-parchment-200">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-11 w-full rounded-md border border-ink-500 bg-ink-950/70 px-3 text-parchment-50 focus-visible:border-gold-400"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
