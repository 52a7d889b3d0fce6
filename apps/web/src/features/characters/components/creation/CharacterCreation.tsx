import type { CharacterView } from '@rpg/contract';
import { useEffect, useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert, LoadErrorAlert } from '@/components/ui/Alert';
import { buttonClasses } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useCharacterList } from '../../hooks/useCharacterList';
import { useCreationSubmit } from '../../hooks/useCreationSubmit';
import { draftFromCharacter, draftReducer, EMPTY_DRAFT, stepOneErrors } from '../../lib/creation-draft';
import { atCharacterLimit } from '../../lib/roster';
import { BasicInformationStep } from './BasicInformationStep';
import { FinalizeStep } from './FinalizeStep';
import { LimitReached } from './LimitReached';
import { StepIndicator } from './StepIndicator';

/** /character-creation, or /character-creation?edit=<id> to change an existing character. */
export function CharacterCreation({ editId }: { editId: string | null }) {
  const { characters, isPending, isError, retry } = useCharacterList();
  const [created, setCreated] = useState(false);
  const limitReachedMidway = useLimitRedirect(editId === null && !created, !isPending && !isError, characters.length);

  if (isPending || created || limitReachedMidway) return <CenteredSpinner label="Loading characters" />;
  if (isError) {
    return <LoadErrorAlert title="Your characters could not be loaded." onRetry={retry} className="mx-auto max-w-xl" />;
  }
  if (editId) {
    const character = characters.find((entry) => entry.id === editId);
    if (!character) return <EditTargetMissing />;
    return <CreationFlow key={character.id} editing={character} onCreated={() => setCreated(true)} />;
  }
  if (atCharacterLimit(characters.length)) return <LimitReached />;
  return <CreationFlow editing={null} onCreated={() => setCreated(true)} />;
}

/**
 * Spec 01 sections 2 and 4: the creation screen redirects to /game when the limit is reached. A
 * player who arrives at the limit sees the limit screen; one who was creating when the limit was
 * reached elsewhere (another tab or device made the second character) gets the toast 'Character
 * Limit Reached' and goes to /game, since the character in progress can no longer be created.
 */
function useLimitRedirect(creating: boolean, loaded: boolean, count: number): boolean {
  const navigate = useNavigate();
  const [hadRoom, setHadRoom] = useState(false);
  const atLimit = atCharacterLimit(count);
  if (creating && loaded && !atLimit && !hadRoom) setHadRoom(true);
  const reachedMidway = creating && loaded && hadRoom && atLimit;

  useEffect(() => {
    if (!reachedMidway) return;
    toast.error('Character Limit Reached', { id: 'character-limit-reached', description: 'You can only create up to 2 characters.' });
    navigate('/game', { replace: true });
  }, [reachedMidway, navigate]);

  return reachedMidway;
}

function EditTargetMissing() {
  return (
    <Alert tone="error" role="alert" title="Character Not Found" className="mx-auto max-w-xl">
      <p>The character to edit could not be found.</p>
      <Link to="/game" className={buttonClasses('secondary', 'sm', 'mt-2')}>
        Back to Portal
      </Link>
    </Alert>
  );
}

function CreationFlow({ editing, onCreated }: { editing: CharacterView | null; onCreated: () => void }) {
  const [draft, dispatch] = useReducer(draftReducer, editing, (character) => (character ? draftFromCharacter(character) : EMPTY_DRAFT));
  const { submit, busy } = useCreationSubmit(editing, dispatch, onCreated);

  function next() {
    const errors = stepOneErrors(draft);
    for (const error of errors) toast.error(error.title ?? 'Error', { description: error.message });
    if (errors.length === 0) dispatch({ type: 'next' });
  }

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="page-title" className="text-3xl font-bold text-gold-300 sm:text-4xl">
          {editing ? `Edit ${editing.name}` : 'Create Character'}
        </h1>
        <StepIndicator step={draft.step} />
      </div>
      {draft.step === 'basic' ? (
        <BasicInformationStep draft={draft} dispatch={dispatch} editing={editing !== null} onNext={next} />
      ) : (
        <FinalizeStep draft={draft} dispatch={dispatch} editing={editing !== null} busy={busy} onFinish={() => submit(draft)} />
      )}
    </section>
  );
}
