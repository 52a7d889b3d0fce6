/** The player's profile row (users): queries live in db/queries/users.ts. */
export * from '../db/queries/users.ts';
