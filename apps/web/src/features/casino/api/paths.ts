/** The URL of one of the character's endpoints: `/api/characters/:id/<rest>`. */
export const characterPath = (characterId: string, rest: string) => `/api/characters/${encodeURIComponent(characterId)}/${rest}`;
