/** One character's inventory; the server pushes invalidations of this key after every item change. */
export const inventoryQueryKey = (characterId: string) => ['inventory', characterId] as const;

/**
 * What an item action changes, as the server's own `invalidate` push lists it (money and vitals on
 * ['characters'], this inventory, this store). Refetched after an answer too, so a tab whose socket
 * is down still shows the new state.
 */
export const itemChangeKeys = (characterId: string) => [['characters'], inventoryQueryKey(characterId), ['store', characterId]] as const;
