import { AdventureConsole } from '@/features/adventure/components/AdventureConsole';
import { CasinoHeaderActions } from '@/features/casino/components/CasinoHeaderActions';
import { PokerTable } from '@/features/casino/components/PokerTable';
import { PlayHub } from '@/features/characters/components/hub/PlayHub';
import { GlobalChat } from '@/features/chat/components/GlobalChat';
import { AwayCard } from '@/features/first-hour/components/AwayCard';
import { FirstSteps } from '@/features/first-hour/components/FirstSteps';
import { useRealtimeStatus } from '@/features/realtime/hooks/realtime-context';

/**
 * /play: the game hub (DECISIONS section 2) with the adventure console in its right column. The
 * console is keyed by character, so switching characters starts its history walk and filters afresh.
 * The hub hands over the character it shows, so the console never runs for one it has let go of.
 */
export function PlayPage() {
  const live = useRealtimeStatus() === 'open';
  return (
    <PlayHub
      console={(active) => (
        <div className="flex flex-col gap-6">
          <AwayCard key={`away-${active.id}`} characterId={active.id} />
          <FirstSteps />
          <AdventureConsole key={active.id} characterId={active.id} live={live} headerActions={<CasinoHeaderActions characterId={active.id} />} />
          <PokerTable key={`poker-${active.id}`} characterId={active.id} />
          <GlobalChat />
        </div>
      )}
    />
  );
}
