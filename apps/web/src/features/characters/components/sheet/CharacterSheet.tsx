import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useCharacterList } from '../../hooks/useCharacterList';
import { BackgroundPanel } from './BackgroundPanel';
import { CharacterSwitcher } from './CharacterSwitcher';
import { HistoryPanel } from './HistoryPanel';
import type { EquippedGearBySlot } from './GearGrid';
import { IdentityPanel } from './IdentityPanel';
import { StatsPanel } from './StatsPanel';

const NO_GEAR: EquippedGearBySlot = {};

function NoCharacter() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto max-w-md text-center">
      <p className="text-lg text-parchment-100">No character found.</p>
      <Button className="mt-4" onClick={() => navigate('/character-creation')}>
        <UserPlus className="size-4" aria-hidden="true" />
        Create Character
      </Button>
    </Card>
  );
}

interface CharacterSheetProps {
  equipped?: EquippedGearBySlot;
  actions?: ReactNode;
  gearStats?: ReactNode;
  /** The global player chat, under the stats in the centre panel (spec 03 §2). */
  chat?: ReactNode;
}

/**
 * /profile, the character sheet of the active character: switcher and background on the left,
 * stats in the centre, the character's identity on the right. app/ fills in what other features
 * own: `equipped` (the gear grid), `actions` (drawer buttons beside 'Store') and `gearStats`.
 */
export function CharacterSheet({ equipped = NO_GEAR, actions, gearStats, chat }: CharacterSheetProps) {
  const { characters, active, isPending, isError, retry } = useCharacterList();

  if (isPending) return <CenteredSpinner label="Loading your character" />;
  if (isError) return <LoadErrorAlert title="Your characters could not be loaded." onRetry={retry} className="mx-auto max-w-xl" />;
  if (!active) return <NoCharacter />;

  const backdrop = active.backgroundUrl
    ? { backgroundImage: `linear-gradient(rgb(11 13 18 / 0.7), rgb(11 13 18 / 0.92)), url("${active.backgroundUrl}")` }
    : undefined;

  return (
    <section aria-labelledby="page-title" className={cn('rounded-xl bg-cover bg-center', backdrop && 'p-3 sm:p-4')} style={backdrop}>
      <h1 id="page-title" className="sr-only">
        Character Profile
      </h1>
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)_20rem]">
        <Card className="space-y-6 p-4 sm:p-5 lg:self-start">
          <CharacterSwitcher characters={characters} />
          <BackgroundPanel character={active} />
        </Card>
        <div className="min-w-0 space-y-4">
          <StatsPanel character={active} equipped={equipped} actions={actions} gearStats={gearStats} />
          {chat}
          <HistoryPanel characterId={active.id} />
        </div>
        <div className="order-first lg:order-none lg:col-span-2 xl:col-span-1">
          <IdentityPanel character={active} />
        </div>
      </div>
    </section>
  );
}
