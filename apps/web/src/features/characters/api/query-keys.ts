/**
 * The character list's query key, shared with the server's `invalidate` pushes:
 * `{ type: 'invalidate', queryKeys: [['characters']] }`. Every character query lives under it.
 */
export const charactersQueryKey = ['characters'] as const;
