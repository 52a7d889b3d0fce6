import type { InventoryView } from '@rpg/contract';
import { ProgressBar, type ProgressTone } from '@/components/ui/ProgressBar';
import { cn } from '@/lib/cn';

const TONES: Record<InventoryView['fill'], { bar: ProgressTone; text: string }> = {
  normal: { bar: 'calm', text: 'text-parchment-100' },
  warning: { bar: 'warning', text: 'text-yellow-300' },
  danger: { bar: 'danger', text: 'text-ember-300' },
};

/** Spec 02 section 2: 'used / capacity', yellow from 75 % and red from 90 % (the server's `fill`). */
interface CapacityBarProps extends Pick<InventoryView, 'used' | 'capacity' | 'fill'> {
  /** The backpack's name ('Adventurer's Pack'). */
  name: string;
}

export function CapacityBar({ name, used, capacity, fill }: CapacityBarProps) {
  const tone = TONES[fill];
  const text = `${used} / ${capacity}`;
  return (
    <div className="space-y-1" data-fill={fill}>
      <div className="flex justify-between gap-3 text-sm">
        <span className="text-parchment-300">{name}</span>
        <span className={cn('font-semibold tabular-nums', tone.text)}>{text}</span>
      </div>
      <ProgressBar label="Backpack capacity" value={used} max={capacity} valueText={`${text} slots used`} tone={tone.bar} />
    </div>
  );
}
