import { Award, RotateCcw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ProgressBar } from '@/components/ui/ProgressBar';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useAchievementsQuery } from '../api/get-achievements';
import { useResetAchievements } from '../api/reset-achievements';
import { AchievementList } from './AchievementList';
import { BattlePass } from './BattlePass';

const tabClass = cn(
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg',
  'px-3 py-2 text-sm font-medium text-parchment-200 transition-colors',
  'hover:bg-ink-700 hover:text-parchment-50 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950',
);

/** /achievements (spec 03 §2): header with points, level and completed/total, the bar to the next level, two tabs. */
export function Achievements() {
  const query = useAchievementsQuery();
  const reset = useResetAchievements();
  if (query.isPending) return <CenteredSpinner />;
  if (!query.data) return <LoadErrorAlert title="Failed to load achievements." onRetry={() => void query.refetch()} className="mx-auto max-w-xl" />;

  const view = query.data;
  const span = view.nextLevelPoints === null ? 1 : view.nextLevelPoints - view.levelStartPoints;
  const into = view.nextLevelPoints === null ? 1 : view.totalPoints - view.levelStartPoints;
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-1">
            <h1 id="page-title" className="flex items-center gap-2 text-3xl font-bold text-gold-300 sm:text-4xl">
              <Award className="size-8" aria-hidden="true" /> Achievements
            </h1>
            {view.title ? (
              <p className="text-sm text-parchment-200">
                Title: <span className="font-semibold text-gold-300">{view.title}</span>
              </p>
            ) : null}
          </div>
          <dl className="grid grid-cols-3 gap-4 text-center">
            <div>
              <dt className="text-xs text-parchment-300 uppercase">Points</dt>
              <dd className="font-display text-2xl font-bold text-gold-300 tabular-nums" data-testid="achievement-points">
                {view.totalPoints}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-parchment-300 uppercase">Level</dt>
              <dd className="font-display text-2xl font-bold text-gold-300 tabular-nums" data-testid="battle-pass-level">
                {view.level}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-parchment-300 uppercase">Completed</dt>
              <dd className="font-display text-2xl font-bold text-gold-300 tabular-nums">
                {view.completed}/{view.total}
              </dd>
            </div>
          </dl>
        </div>
        <div className="space-y-1">
          <ProgressBar label="Progress to the next level" value={into} max={span} valueText={`${view.pointsToNextLevel} points remaining`} />
          <p className="text-sm text-parchment-200">
            {view.pointsToNextLevel === 0 ? 'All rewards unlocked!' : `${view.pointsToNextLevel} points to level ${view.level + 1}`}
          </p>
        </div>
      </Card>

      <Tabs.Root defaultValue="achievements" className="space-y-4">
        <Tabs.List aria-label="Achievements and battle pass" className="grid grid-cols-2 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1">
          <Tabs.Trigger value="achievements" className={tabClass}>
            Achievements
          </Tabs.Trigger>
          <Tabs.Trigger value="battle-pass" className={tabClass}>
            Battle Pass
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="achievements">
          <Card>
            <AchievementList achievements={view.achievements} />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="battle-pass">
          <Card>
            <BattlePass view={view} />
          </Card>
        </Tabs.Content>
      </Tabs.Root>

      <div className="flex justify-end">
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" disabled={reset.isPending}>
              <RotateCcw className="size-4" aria-hidden="true" /> Reset Progress
            </Button>
          }
          title="Reset achievements?"
          description="Your achievements, points and battle-pass level go back to zero. Rewards already granted stay in your inventory and are not granted again."
          confirmLabel="Reset"
          destructive
          onConfirm={() => reset.mutate()}
        />
      </div>
    </section>
  );
}
