/**
 * Query keys, the same ones the server's `invalidate` pushes name (docs/decisions/adventure-server.md):
 * a settled adventure invalidates ['characters'], ['console', id], ['adventure', id], ['inventory', id].
 */
export const consoleQueryKey = (characterId: string) => ['console', characterId] as const;
export const adventureQueryKey = (characterId: string) => ['adventure', characterId] as const;
export const charactersQueryKey = ['characters'] as const;
export const inventoryQueryKey = (characterId: string) => ['inventory', characterId] as const;
