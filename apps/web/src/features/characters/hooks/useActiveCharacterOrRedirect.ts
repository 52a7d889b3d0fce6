import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isCharacterLost } from '../lib/roster';
import { useCharacterList, type CharacterListState } from './useCharacterList';

export interface NoCharacterRedirect {
  /** The error toast's title and text, e.g. 'No Character Selected'. */
  title: string;
  description: string;
  /** Where the player is sent (replacing the page in the history): '/', '/game', ... */
  to: string;
}

/**
 * The character list for a screen that needs an active character: once the list has loaded
 * without one, shows the screen's toast and sends the player to `redirect.to`.
 *
 * With `lost`, the screen also follows the character it is showing: when that character leaves
 * the list (deleted in another tab or on another device), `lost`'s toast shows and the player is
 * sent to `lost.to`, instead of the screen quietly switching to whichever character is active now.
 */
export function useActiveCharacterOrRedirect(redirect: NoCharacterRedirect, lost?: NoCharacterRedirect): CharacterListState {
  const navigate = useNavigate();
  const list = useCharacterList();
  const [shownId, setShownId] = useState<string | null>(null);
  const loaded = !list.isPending && !list.isError;
  const isLost = lost !== undefined && loaded && isCharacterLost(list.characters, shownId);
  if (lost && !isLost && list.active && list.active.id !== shownId) setShownId(list.active.id);
  const missing = loaded && !isLost && !list.active;

  const { title, description, to } = redirect;
  useEffect(() => {
    if (!missing) return;
    toast.error(title, { id: 'no-character-selected', description });
    navigate(to, { replace: true });
  }, [missing, navigate, title, description, to]);

  const lostTitle = lost?.title;
  const lostDescription = lost?.description;
  const lostTo = lost?.to;
  useEffect(() => {
    if (!isLost || !lostTo) return;
    toast.error(lostTitle, { id: 'character-not-found', description: lostDescription });
    navigate(lostTo, { replace: true });
  }, [isLost, navigate, lostTitle, lostDescription, lostTo]);

  return isLost ? { ...list, active: null } : list;
}
