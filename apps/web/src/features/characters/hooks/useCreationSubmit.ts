import type { CharacterView } from '@rpg/contract';
import type { Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { toastApiError } from '@/lib/api-toast';
import { useCreateCharacter } from '../api/create-character';
import { useUpdateCharacter } from '../api/update-character';
import { isStepOneProblem, toCreateInput, toUpdateInput, type CreationDraft, type DraftAction } from '../lib/creation-draft';

/**
 * Sends the finished draft: POST for a new character (spec 01 section 4 "On create"), PATCH for
 * the edit screen. Step-1 refusals return to step 1; the limit goes back to the portal.
 * `onCreated` runs before leaving, so the screen never flashes the limit notice for the new list.
 */
export function useCreationSubmit(editing: CharacterView | null, dispatch: Dispatch<DraftAction>, onCreated: () => void) {
  const navigate = useNavigate();
  const create = useCreateCharacter();
  const update = useUpdateCharacter();

  function refused(error: unknown, fallbackTitle: string) {
    toastApiError(error, fallbackTitle);
    if (!(error instanceof ApiError)) return;
    if (error.code === 'character_limit_reached') navigate('/game', { replace: true });
    else if (isStepOneProblem(error.code)) dispatch({ type: 'back' });
  }

  function submit(draft: CreationDraft) {
    if (editing) {
      update.mutate(
        { id: editing.id, input: toUpdateInput(draft) },
        {
          onSuccess: () => {
            toast.success('Character customization saved', { description: 'Your character has been updated.' });
            navigate('/profile');
          },
          onError: (error) => refused(error, 'Failed to update character'),
        },
      );
      return;
    }
    create.mutate(toCreateInput(draft), {
      onSuccess: (character) => {
        toast.success('Character Created', { description: `${character.name} is ready for adventure.` });
        onCreated();
        navigate('/game', { replace: true });
      },
      onError: (error) => refused(error, 'Failed to create character'),
    });
  }

  return { submit, busy: create.isPending || update.isPending };
}
