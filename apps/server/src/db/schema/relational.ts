import * as authSchema from './auth.ts';

/**
 * The schema drizzle is given: only the auth tables, for better-auth's adapter (it reads them
 * through drizzle's relational API). The game's queries name their tables and never use that API,
 * and drizzle builds a relational query builder for every table of this schema in every
 * transaction: with all 34 tables that was ~2% of a console line's CPU, and its garbage.
 */
export const relationalSchema = authSchema;
