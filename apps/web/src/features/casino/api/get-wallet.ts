// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { queryKeys, characterViewSchema } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';

/**
 * GET /api/characters, read for one character's money. It shares the ['characters'] cache entry with
 * the characters feature, so the answer is parsed with the same contract shape and never changed here.
 */
const characterListSchema = z.object({ characters: z.array(characterViewSchema) });
type CharacterList = z.infer<typeof characterListSchema>;

export interface Wallet {
  /** All money in copper. */
  copper: number;
  coins: { gold: number; silver: number; copper: number };
}

function fetchCharacterList(signal?: AbortSignal): Promise<CharacterList> {
  return apiFetch('/api/characters', characterListSchema, { signal });
}

/** The money of `characterId`, live (the server pushes invalidations of ['characters']). */
export function useWallet(characterId: string) {
  return useQuery({
    queryKey: queryKeys.characters,
    queryFn: ({ signal }) => fetchCharacterList(signal),
    select: (list): Wallet | null => {
      const character = list.characters.find((candidate) => candidate.id === characterId);
      return character ? { copper: character.copper, coins: character.coins } : null;
    },
  });
}
