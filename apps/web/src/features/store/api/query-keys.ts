/** Every character's store lives under ['store']; the server pushes invalidations of ['store', id]. */
export const storeRootKey = ['store'] as const;
export const storeQueryKey = (characterId: string) => ['store', characterId] as const;

/** What a purchase changes besides the store, as the server's `invalidate` push lists it. */
export const purchaseChangeKeys = (characterId: string) => [['characters'], ['inventory', characterId]] as const;
