import { useId } from 'react';
import type { CoinText } from '@/lib/coin-text';
import { NumberInput } from './ui/NumberInput';

const FIELDS = [
  { key: 'gold', label: 'Gold', max: undefined },
  { key: 'silver', label: 'Silver', max: 99 },
  { key: 'copper', label: 'Copper', max: 99 },
] as const;

interface CoinFieldsProps {
  legend: string;
  value: CoinText;
  onChange: (next: CoinText) => void;
}

/** Gold, silver and copper inputs side by side (spec 03 §5: gold >= 0, silver and copper 0-99). */
export function CoinFields({ legend, value, onChange }: CoinFieldsProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-parchment-200">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {FIELDS.map((field) => (
          <div key={field.key} className="space-y-1">
            <label htmlFor={`${id}-${field.key}`} className="block text-xs text-parchment-300">
              {field.label}
            </label>
            <NumberInput
              id={`${id}-${field.key}`}
              min={0}
              max={field.max}
              step={1}
              placeholder="0"
              value={value[field.key]}
              onValueChange={(text) => onChange({ ...value, [field.key]: text })}
              className="h-10 w-full px-3"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
