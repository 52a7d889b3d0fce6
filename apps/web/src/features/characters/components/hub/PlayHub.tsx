import { ArrowLeft, Coins } from 'lucide-react';
import type { CharacterView } from '@rpg/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CoinAmount } from '@/components/CoinAmount';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useActiveCharacterOrRedirect } from '../../hooks/useActiveCharacterOrRedirect';
import { CharacterStatusCard } from './CharacterStatusCard';
import { HubTiles } from './HubTiles';

interface PlayHubProps {
  /** The right column for the character shown: the adventure console, put in by the page. */
  console?: (character: CharacterView) => ReactNode;
}

/** Spec 01 section 2, "Game hub screen": no active character, or the one shown was deleted elsewhere. */
const NO_CHARACTER = { title: 'No Character Selected', description: 'Please select a character from the game portal.', to: '/game' };
const CHARACTER_NOT_FOUND = { title: 'Character Not Found', description: 'The selected character could not be found.', to: '/game' };

/** /play, the game hub (DECISIONS section 2): the active character's status and the way to every area. */
export function PlayHub({ console: renderConsole }: PlayHubProps) {
  const navigate = useNavigate();
  const { active, isError, retry } = useActiveCharacterOrRedirect(NO_CHARACTER, CHARACTER_NOT_FOUND);

  if (isError) return <LoadErrorAlert title="Your characters could not be loaded." onRetry={retry} className="mx-auto max-w-xl" />;
  if (!active) return <CenteredSpinner label="Loading your character" />;
  const consolePanel = renderConsole?.(active);

  return (
    <section aria-labelledby="page-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="page-title" className="text-3xl font-bold break-words text-gold-300 sm:text-4xl">
          Playing as {active.name}
        </h1>
        <p className="inline-flex items-center gap-2 rounded-full border border-gold-700/50 bg-ink-850/90 px-4 py-2 text-lg">
          <Coins className="size-5 text-gold-400" aria-hidden="true" />
          <span className="sr-only">Purse:</span>
          <CoinAmount coins={active.coins} />
        </p>
      </div>

      {/*
        Two columns: the character and the tiles on the left, the adventure console on the right.
        On narrow screens they stack: status, console, tiles.
      */}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="space-y-4">
          <CharacterStatusCard character={active} />
          <Button variant="secondary" className="w-full" onClick={() => navigate('/game')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Portal
          </Button>
        </div>
        {consolePanel ? <div className="min-w-0 lg:row-span-2">{consolePanel}</div> : null}
        <HubTiles stacked={Boolean(consolePanel)} />
      </div>
    </section>
  );
}
