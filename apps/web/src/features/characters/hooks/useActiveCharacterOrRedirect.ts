import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
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
 */
export function useActiveCharacterOrRedirect({ title, description, to }: NoCharacterRedirect): CharacterListState {
  const navigate = useNavigate();
  const list = useCharacterList();
  const missing = !list.isPending && !list.isError && !list.active;

  useEffect(() => {
    if (!missing) return;
    toast.error(title, { id: 'no-character-selected', description });
    navigate(to, { replace: true });
  }, [missing, navigate, title, description, to]);

  return list;
}
