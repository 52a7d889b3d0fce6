/**
 * Crafting's query keys, as the server's `invalidate` pushes name them: the drawer under
 * ['crafting', id]; the inventory (ingredients, scrolls) under ['inventory', id].
 */
export const craftingQueryKey = (characterId: string) => ['crafting', characterId] as const;
export const inventoryQueryKey = (characterId: string) => ['inventory', characterId] as const;

export const characterPath = (characterId: string, rest: string) => `/api/characters/${encodeURIComponent(characterId)}/${rest}`;
