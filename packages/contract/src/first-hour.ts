/** Issue 44, the first hour and coming back: the guided start and the away card. */
import { FIRST_STEP_IDS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

const int = lazySchema(() => z.number().int());
/** ISO 8601. */
const instant = lazySchema(() => z.string());

/** GET /api/first-steps: the five steps, each done or not, and whether the player closed the guide. */
export const firstStepsViewSchema = lazySchema(() =>
  z.strictObject({
    steps: z.array(z.strictObject({ id: z.enum(FIRST_STEP_IDS), title: z.string(), hint: z.string(), done: z.boolean() })),
    /** Copper the last step pays. */
    reward: int,
    hidden: z.boolean(),
    finished: z.boolean(),
  }),
);
export type FirstStepsView = z.infer<typeof firstStepsViewSchema>;

/** PUT /api/first-steps { hidden }: skip the guide, or open it again. */
export const firstStepsBodySchema = lazySchema(() => z.strictObject({ hidden: z.boolean() }));
export type FirstStepsBody = z.infer<typeof firstStepsBodySchema>;

const countSchema = lazySchema(() => z.strictObject({ name: z.string(), quantity: int }));

/** What settled for a character between `since` and `until` (the ledger, the adventures, the messages). */
export const awaySummarySchema = lazySchema(() =>
  z.strictObject({
    won: int,
    lost: int,
    xp: int,
    levels: int,
    copperIn: int,
    copperOut: int,
    itemsIn: z.array(countSchema),
    itemsOut: z.array(countSchema),
    /** Auction sales: how many, and the copper they paid. */
    sales: int,
    salesCopper: int,
    gifts: int,
    messages: int,
  }),
);
export type AwaySummary = z.infer<typeof awaySummarySchema>;

/** GET /api/characters/:id/away: the card to show on returning (null when nothing to show). */
export const awayViewSchema = lazySchema(() =>
  z.strictObject({
    card: z.strictObject({ since: instant, until: instant, summary: awaySummarySchema }).nullable(),
  }),
);
export type AwayView = z.infer<typeof awayViewSchema>;

/** POST /api/away/seen { until }: the card was read (or dismissed) up to then. */
export const awaySeenBodySchema = lazySchema(() => z.strictObject({ until: z.iso.datetime({ offset: true }) }));
export type AwaySeenBody = z.infer<typeof awaySeenBodySchema>;
