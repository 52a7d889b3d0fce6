/**
 * The casino's query keys, as the server's `invalidate` pushes name them: chips and the poker hand
 * under ['casino', id]; money on ['characters']; console lines on ['console', id].
 */
export const casinoQueryKey = (characterId: string) => ['casino', characterId] as const;
export const charactersQueryKey = ['characters'] as const;
export const consoleQueryKey = (characterId: string) => ['console', characterId] as const;

export const characterPath = (characterId: string, rest: string) => `/api/characters/${encodeURIComponent(characterId)}/${rest}`;
