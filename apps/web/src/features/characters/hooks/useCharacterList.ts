import type { CharacterView } from '@rpg/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useCharactersQuery } from '../api/list-characters';
import { activeCharacter } from '../lib/roster';

export interface CharacterListState {
  characters: CharacterView[];
  active: CharacterView | null;
  /** True until the first answer. */
  isPending: boolean;
  isError: boolean;
  retry: () => void;
}

/**
 * The character list as the screens read it, live: server pushes invalidate ['characters'].
 * A failed load shows the spec's toast 'Error' / 'Failed to load characters' once.
 */
export function useCharacterList(): CharacterListState {
  const query = useCharactersQuery();
  const failed = query.isError && !query.data;

  useEffect(() => {
    if (failed) toast.error('Error', { id: 'characters-load-failed', description: 'Failed to load characters' });
  }, [failed]);

  const characters = query.data?.characters ?? [];
  return {
    characters,
    active: activeCharacter(characters),
    isPending: query.isPending,
    isError: failed,
    retry: () => void query.refetch(),
  };
}
