import type { CharacterView } from '@rpg/contract';
import { Play, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useSelectCharacter } from '../../api/select-character';
import { useCharacterList } from '../../hooks/useCharacterList';
import { atCharacterLimit, PORTAL_LIMIT_NOTICE } from '../../lib/roster';
import { CharacterCard } from './CharacterCard';
import { CreateCharacterCard } from './CreateCharacterCard';

interface GamePortalProps {
  email: string | null;
  /** The 'Logout' control, supplied by the app (it belongs to the auth feature). */
  logout: ReactNode;
}

/** /game: the player's characters, the active one highlighted (spec 01 section 2 "Game portal"). */
export function GamePortal({ email, logout }: GamePortalProps) {
  const navigate = useNavigate();
  const { characters, active, isPending, isError, retry } = useCharacterList();
  const select = useSelectCharacter();
  const full = atCharacterLimit(characters.length);
  const selectingId = select.isPending ? select.variables : undefined;

  function choose(character: CharacterView) {
    if (!character.isActive && !select.isPending) select.mutate(character.id);
  }

  function play() {
    if (!active) {
      toast.error('No Character Selected', { description: 'Please select a character to play with.' });
      return;
    }
    navigate('/play');
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
      <div className="text-center">
        <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
          Game Portal
        </h1>
        {email ? <p className="mt-3 text-lg break-words text-parchment-100">Welcome, {email}!</p> : null}
      </div>

      <Card className="mt-8 p-4 sm:p-6">
        <h2 id="characters-title" className="text-2xl font-semibold text-gold-200">
          Your Characters
        </h2>
        {isPending ? (
          <CenteredSpinner label="Loading characters" />
        ) : isError ? (
          <LoadErrorAlert title="Your characters could not be loaded." onRetry={retry} className="mt-4" />
        ) : (
          <>
            {characters.length === 0 ? <p className="mt-2 text-parchment-300">You have no characters yet. Create one to begin your adventure.</p> : null}
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {characters.map((character) => (
                <CharacterCard key={character.id} character={character} onSelect={choose} selecting={selectingId === character.id} />
              ))}
              {full ? null : <CreateCharacterCard />}
            </ul>
            {full ? (
              <Alert tone="gold" role="status" className="mt-4">
                {PORTAL_LIMIT_NOTICE}
              </Alert>
            ) : null}
          </>
        )}

        <div className="mt-6 flex flex-col gap-3 border-t border-gold-700/30 pt-5 sm:flex-row sm:flex-wrap sm:items-center">
          <Button disabled={!active} onClick={play}>
            <Play className="size-4" aria-hidden="true" />
            Play Game
          </Button>
          <Button variant="secondary" disabled={isPending || full} onClick={() => navigate('/character-creation')}>
            <UserPlus className="size-4" aria-hidden="true" />
            Create Character
          </Button>
          <div className="sm:ml-auto [&>button]:w-full sm:[&>button]:w-auto">{logout}</div>
        </div>
      </Card>
    </section>
  );
}
