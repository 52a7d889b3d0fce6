import type { FirstStepsView } from '@rpg/contract';
import { CheckCircle2, Circle, Compass } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { useFirstStepsQuery } from '../api/get-first-steps';
import { useSetGuideHidden } from '../api/set-guide-hidden';

/** A toast for each step the server checked off since the guide was last read. */
function useStepToasts(view: FirstStepsView | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!view) return;
    const done = view.steps.filter((s) => s.done);
    if (seen.current) {
      for (const step of done) {
        if (!seen.current.has(step.id)) toast.success(`First step done: ${step.title}`, { id: `first-step-${step.id}` });
      }
    }
    seen.current = new Set(done.map((s) => s.id));
  }, [view]);
}

/**
 * Issue 44 point 1: the guided start. Each step is checked off by the server when it happens
 * (live, through the push); Skip closes the guide and 'Show first steps' opens it again.
 */
export function FirstSteps() {
  const titleId = useId();
  const query = useFirstStepsQuery();
  const setHidden = useSetGuideHidden();
  useStepToasts(query.data);
  const view = query.data;
  if (!view || view.finished) return null;

  if (view.hidden) {
    return (
      <Button variant="ghost" size="sm" className="self-start" disabled={setHidden.isPending} onClick={() => setHidden.mutate(false)}>
        <Compass className="size-4" aria-hidden="true" />
        Show first steps
      </Button>
    );
  }

  const done = view.steps.filter((s) => s.done).length;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-gold-700/50 bg-ink-850/95 p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="flex items-center gap-2 font-display text-lg font-semibold text-gold-200">
            <Compass className="size-5" aria-hidden="true" />
            First steps
          </h2>
          <p className="text-xs text-parchment-300">
            {done} of {view.steps.length} done · all five: +{view.reward}c
          </p>
        </div>
        <Button variant="ghost" size="sm" disabled={setHidden.isPending} onClick={() => setHidden.mutate(true)}>
          Skip
        </Button>
      </div>
      <ol className="mt-3 space-y-2" aria-label="First steps">
        {view.steps.map((step) => (
          <li key={step.id} data-done={step.done} className="flex items-start gap-2 text-sm">
            {step.done ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-moss-300" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-parchment-400" aria-hidden="true" />
            )}
            <span className="min-w-0">
              <span className={step.done ? 'text-parchment-300 line-through' : 'font-medium text-parchment-50'}>{step.title}</span>
              <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              {step.done ? null : <span className="block text-xs text-parchment-300">{step.hint}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
