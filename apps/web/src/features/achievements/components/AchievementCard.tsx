import type { AchievementView } from '@rpg/contract';
import { CheckCircle2, EyeOff, Trophy } from 'lucide-react';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { cn } from '@/lib/cn';

const DIFFICULTY_LABEL: Record<AchievementView['difficulty'], string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  epic: 'Epic',
  legendary: 'Legendary',
};

/** One achievement: title, points, difficulty, the description (or the hidden one's hint), progress. */
export function AchievementCard({ achievement }: { achievement: AchievementView }) {
  const { title, description, hint, points, difficulty, completed, completedAt, progress, hidden } = achievement;
  const secret = hidden && !completed;
  return (
    <li aria-label={title} className={cn('flex gap-3 rounded-lg border p-3', completed ? 'border-gold-600/60 bg-gold-900/20' : 'border-ink-600 bg-ink-900/60')}>
      <span aria-hidden="true" className={cn('mt-0.5 shrink-0', completed ? 'text-gold-300' : 'text-parchment-300/60')}>
        {secret ? <EyeOff className="size-6" /> : completed ? <CheckCircle2 className="size-6" /> : <Trophy className="size-6" />}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline gap-2">
          <h3 className="font-semibold break-words text-parchment-50">{title}</h3>
          {secret ? <span className="rounded-full border border-purple-400/60 px-2 py-0.5 text-xs font-semibold text-purple-300">Hidden</span> : null}
          <span className="text-xs text-parchment-300">{DIFFICULTY_LABEL[difficulty]}</span>
          <span className="ml-auto shrink-0 text-sm font-semibold text-gold-300 tabular-nums">{points} pts</span>
        </div>
        <p className="text-sm text-parchment-200">{secret ? (hint ?? 'Complete to reveal details') : description}</p>
        {progress && !completed ? (
          <div className="space-y-1">
            <ProgressBar
              label={`${title} progress`}
              value={progress.current}
              max={progress.target}
              valueText={`${progress.current} of ${progress.target}`}
              tone="calm"
            />
            <p className="text-xs text-parchment-300 tabular-nums">
              {progress.current} / {progress.target} {progress.unit}
            </p>
          </div>
        ) : null}
        {completed && completedAt ? <p className="text-xs text-moss-300">Completed {new Date(completedAt).toLocaleDateString()}</p> : null}
      </div>
    </li>
  );
}
