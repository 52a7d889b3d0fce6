/** The character's History (issue 29, the ledger): where its copper, chips and items came from and went. */
import { LEDGER_ASSETS, LEDGER_REASONS, WORLD_ACCOUNTS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/** The most entries one page holds. */
export const HISTORY_PAGE_SIZE = 25;

/** GET /api/characters/:id/history?before=: `before` is the previous page's `nextCursor`. */
export const historyQuerySchema = lazySchema(() =>
  z.strictObject({
    before: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(Number.MAX_SAFE_INTEGER).optional(),
  }),
);
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** One movement as the character sees it: in or out, what, why, and with whom (a player's name, or a world account). */
export const historyEntrySchema = lazySchema(() =>
  z.strictObject({
    id: z.number().int(),
    at: z.string(),
    direction: z.enum(['in', 'out']),
    asset: z.enum(LEDGER_ASSETS),
    /** Copper, chips, or units of the item. */
    amount: z.number().int(),
    itemName: z.string().nullable(),
    reason: z.enum(LEDGER_REASONS),
    /** The other player (their username) on trades and gifts; null when a world account or a deleted character. */
    otherPlayer: z.string().nullable(),
    /** The world account on the other side (the store, the poker table...), null for a player. */
    otherAccount: z.enum(WORLD_ACCOUNTS).nullable(),
  }),
);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const historyPageSchema = lazySchema(() =>
  z.strictObject({
    entries: z.array(historyEntrySchema),
    nextCursor: z.number().int().nullable(),
  }),
);
export type HistoryPage = z.infer<typeof historyPageSchema>;
