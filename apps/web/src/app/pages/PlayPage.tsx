import { AdventureConsole } from '@/features/adventure/components/AdventureConsole';
import { CasinoHeaderActions } from '@/features/casino/components/CasinoHeaderActions';
import { PokerTable } from '@/features/casino/components/PokerTable';
import { PlayHub } from '@/features/characters/components/hub/PlayHub';
import { GlobalChat } from '@/features/chat/components/GlobalChat';
import { AwayCard } from '@/features/first-hour/components/AwayCard';
import { FirstSteps } from '@/features/first-hour/components/FirstSteps';
import { useRealtimeStatus, useRealtimeSubscription } from '@/features/realtime/hooks/realtime-context';
import { useWorldQuery } from '@/features/world/api/get-world';
import { WorldPanel } from '@/features/world/components/WorldPanel';
import { useWorldChangedHandler } from '@/features/world/hooks/useWorldChanged';

/**
 * /play: the game hub (DECISIONS section 2) with the adventure console in its right column. The
 * console is keyed by character, so switching characters starts its history walk and filters afresh.
 * The hub hands over the character it shows, so the console never runs for one it has let go of.
 * Issue 42: the world (day or night, each land's weather) above it, and in the launcher the chosen
 * land's conditions; the `world-changed` push turns both live.
 */
export function PlayPage() {
  const live = useRealtimeStatus() === 'open';
  useRealtimeSubscription('world-changed', useWorldChangedHandler());
  const world = useWorldQuery(live);
  return (
    <PlayHub
      console={(active) => (
        <div className="flex flex-col gap-6">
          <AwayCard key={`away-${active.id}`} characterId={active.id} />
          <FirstSteps />
          <WorldPanel live={live} />
          <AdventureConsole
            key={active.id}
            characterId={active.id}
            live={live}
            lands={world.data?.lands}
            headerActions={<CasinoHeaderActions characterId={active.id} />}
          />
          <PokerTable key={`poker-${active.id}`} characterId={active.id} />
          <GlobalChat />
        </div>
      )}
    />
  );
}
