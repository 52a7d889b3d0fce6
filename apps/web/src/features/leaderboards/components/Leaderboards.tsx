import { LEADERBOARDS, queryKeys, type Leaderboard } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { playSound } from '@/lib/audio';
import { useLeaderboardQuery } from '../api/get-leaderboard';
import { LeaderboardTable } from './LeaderboardTable';

/** Spec 03 §2: the tabs and their metric columns. */
const BOARDS: Record<Leaderboard, { tab: string; metric: string }> = {
  xp: { tab: 'XP', metric: 'XP' },
  adventures: { tab: 'Adventures', metric: 'Quests' },
  battles: { tab: 'Battles', metric: 'Wins' },
  health: { tab: 'Health', metric: 'HP' },
  defense: { tab: 'Defense', metric: 'DEF' },
  attack: { tab: 'Attack', metric: 'ATK' },
};

function Board({ board }: { board: Leaderboard }) {
  const query = useLeaderboardQuery(board);
  const failed = query.isError && !query.data;
  useEffect(() => {
    if (failed) toast.error('Error', { id: 'leaderboard-load-failed', description: 'Failed to load leaderboard data' });
  }, [failed]);

  if (query.isPending) return <CenteredSpinner label="Loading leaderboard" />;
  if (!query.data) return <LoadErrorAlert title="Failed to load leaderboard data" onRetry={() => void query.refetch()} />;

  const { entries, own } = query.data;
  const { tab, metric } = BOARDS[board];
  const outside = own.filter((o) => !entries.some((e) => e.characterId === o.characterId));
  if (entries.length === 0) return <p className="py-10 text-center text-parchment-300">No character data available</p>;
  return (
    <div className="space-y-5">
      <LeaderboardTable entries={entries} metric={metric} caption={`${tab} leaderboard: the top ${entries.length}`} />
      {outside.length > 0 ? (
        <div className="space-y-2">
          <h2 className="font-display text-lg font-semibold text-gold-300">Your Characters</h2>
          <LeaderboardTable entries={outside} metric={metric} caption={`Your characters on the ${tab} leaderboard`} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * /leaderboards (spec 03 §2, DECISIONS §2/§4): every player's characters on six boards, the top
 * 100 with ties sharing a rank and the player's own characters' ranks beneath when outside it.
 * 'Refresh Data' refetches the boards ('Leaderboards Refreshed' / 'Refresh Failed').
 */
export function Leaderboards() {
  const [board, setBoard] = useState<Leaderboard>('xp');
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      // The other tabs refetch when opened; the one on screen now, failing loudly.
      await queryClient.invalidateQueries({ queryKey: queryKeys.leaderboards, refetchType: 'none' });
      await queryClient.refetchQueries({ queryKey: queryKeys.leaderboard(board) }, { throwOnError: true });
      toast.success('Leaderboards Refreshed', { description: 'Showing the latest rankings.' });
    } catch {
      toast.error('Refresh Failed', { description: 'Failed to load leaderboard data' });
      playSound('error');
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section aria-labelledby="page-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
          Leaderboards
        </h1>
        <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'size-4 motion-safe:animate-spin' : 'size-4'} aria-hidden="true" />
          Refresh Data
        </Button>
      </div>
      <Tabs.Root value={board} onValueChange={(value) => setBoard(value as Leaderboard)}>
        <Tabs.List aria-label="Leaderboards" className="grid grid-cols-3 gap-1 rounded-xl border border-gold-700/40 bg-ink-850/90 p-1 sm:grid-cols-6">
          {LEADERBOARDS.map((b) => (
            <Tabs.Trigger
              key={b}
              value={b}
              className="min-h-10 rounded-lg px-2 py-2 text-sm font-medium text-parchment-200 transition-colors hover:bg-ink-700 data-[state=active]:bg-gold-500 data-[state=active]:text-ink-950"
            >
              {BOARDS[b].tab}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LEADERBOARDS.map((b) => (
          <Tabs.Content key={b} value={b} className="mt-4">
            <Board board={b} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <p className="text-center text-sm text-parchment-400">Leaderboards show characters from all players.</p>
    </section>
  );
}
