import type { AchievementView } from '@rpg/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { CATEGORY_OPTIONS, filterAchievements, percentComplete, type CategoryFilter } from '../lib/filter';
import { AchievementCard } from './AchievementCard';

/** Spec 03 §2 Achievements tab: category filter, Hide/Show Completed, the summary, the 600 px list. */
export function AchievementList({ achievements }: { achievements: readonly AchievementView[] }) {
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [hideCompleted, setHideCompleted] = useState(false);
  const shown = filterAchievements(achievements, category, hideCompleted);
  const inCategory = filterAchievements(achievements, category, false);
  const done = inCategory.filter((a) => a.completed).length;
  const percent = percentComplete(done, inCategory.length);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-parchment-200">
          <span className="sr-only">Category</span>
          <select
            aria-label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value as CategoryFilter)}
            className="min-h-10 rounded-lg border border-gold-700/40 bg-ink-900 px-3 py-2 text-parchment-50 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-none"
          >
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" size="sm" aria-pressed={hideCompleted} onClick={() => setHideCompleted((v) => !v)}>
          {hideCompleted ? 'Show Completed' : 'Hide Completed'}
        </Button>
      </div>
      <div className="space-y-1" aria-live="polite">
        <p className="text-sm text-parchment-200">
          <span className="font-semibold text-parchment-50 tabular-nums">
            {done} / {inCategory.length}
          </span>{' '}
          completed ({percent}%)
        </p>
        <ProgressBar label="Achievements completed" value={done} max={inCategory.length} valueText={`${percent}%`} />
      </div>
      <div
        role="region"
        aria-label="Achievement list"
        tabIndex={0}
        className="h-[600px] max-h-[70dvh] overflow-y-auto rounded-lg pr-1 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:outline-none"
      >
        {shown.length === 0 ? (
          <p className="py-12 text-center text-parchment-300">No achievements match your filters</p>
        ) : (
          <ul className="space-y-2">
            {shown.map((achievement) => (
              <AchievementCard key={achievement.id} achievement={achievement} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
