// First: zod's configuration, before this module builds a schema (lib/zod-config.ts).
import '@/lib/zod-config';
import { queryKeys, characterViewSchema, type CharacterView } from '@rpg/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import type { CharacterList } from './list-characters';

/** What every single-character route answers: `{ character }`. */
export const characterResponseSchema = z.object({ character: characterViewSchema });

/**
 * The list with `character` put in place (or appended: new characters are the newest). An
 * active character makes every other one inactive, as the server does.
 */
export function withCharacter(list: readonly CharacterView[], character: CharacterView): CharacterView[] {
  const known = list.some((entry) => entry.id === character.id);
  const next = known ? list.map((entry) => (entry.id === character.id ? character : entry)) : [...list, character];
  if (!character.isActive) return next;
  return next.map((entry) => (entry.id !== character.id && entry.isActive ? { ...entry, isActive: false } : entry));
}

export function withoutCharacter(list: readonly CharacterView[], id: string): CharacterView[] {
  return list.filter((entry) => entry.id !== id);
}

/**
 * Puts a changed list into the cache at once (so the screen answers the click), then refetches
 * it: the server decides the rest (e.g. which character becomes active after a delete).
 */
export function useUpdateCharacterCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (list: CharacterView[]) => CharacterView[]) => {
      queryClient.setQueryData<CharacterList>(queryKeys.characters, (old) => (old ? { characters: change(old.characters) } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.characters });
    },
    [queryClient],
  );
}

/** The usual success handler: the answered character goes into the list. */
export function useStoreCharacter() {
  const update = useUpdateCharacterCache();
  return useCallback((character: CharacterView) => update((list) => withCharacter(list, character)), [update]);
}
