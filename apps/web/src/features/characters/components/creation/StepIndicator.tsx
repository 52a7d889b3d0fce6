import { cn } from '@/lib/cn';
import type { CreationStep } from '../../lib/creation-draft';

const STEPS: ReadonlyArray<{ id: CreationStep; label: string }> = [
  { id: 'basic', label: 'Basic Information' },
  { id: 'finalize', label: 'Finalize Character' },
];

/** 'Step 1 of 2'; the current step carries aria-current="step". */
export function StepIndicator({ step }: { step: CreationStep }) {
  return (
    <ol aria-label="Creation steps" className="flex items-center gap-2 text-sm">
      {STEPS.map((entry, index) => {
        const current = entry.id === step;
        return (
          <li
            key={entry.id}
            aria-current={current ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2 rounded-full border px-3 py-1',
              current ? 'border-gold-400 bg-gold-500/15 text-gold-200' : 'border-ink-500 text-parchment-300',
            )}
          >
            <span className="font-semibold tabular-nums">{index + 1}</span>
            <span className="hidden sm:inline">{entry.label}</span>
            <span className="sr-only sm:hidden">{entry.label}</span>
          </li>
        );
      })}
    </ol>
  );
}
