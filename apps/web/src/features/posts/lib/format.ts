/** When a post or comment was written, in the player's locale. */
export const postTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
