/** The leaderboards' API shapes (spec 03 §2/§3, DECISIONS §2 real counts). */
import { CLASSES } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

const int = lazySchema(() => z.number().int());

/** The tabs XP, Adventures, Battles, Health, Defense, Attack. */
export const LEADERBOARDS = ['xp', 'adventures', 'battles', 'health', 'defense', 'attack'] as const;
export type Leaderboard = (typeof LEADERBOARDS)[number];

/** How many entries a board lists (the player's own characters are answered beside them). */
export const LEADERBOARD_SIZE = 100;

/** Spec 03 §3 "Leaderboard entry", with the owner's public name (DECISIONS §4: the username). */
export const leaderboardEntrySchema = lazySchema(() =>
  z.strictObject({
    characterId: z.string(),
    name: z.string(),
    characterClass: z.enum(CLASSES),
    level: int,
    value: int,
    /** Ties share a rank; the next rank skips (1, 2, 2, 4). */
    rank: int,
    username: z.string(),
    /** The owner's battle-pass title (spec 03 §4 rewards), beside the name; null without one. */
    title: z.string().nullable(),
    /** One of the signed-in player's characters. */
    own: z.boolean(),
  }),
);

export const leaderboardParamsSchema = lazySchema(() => z.object({ board: z.enum(LEADERBOARDS) }));

/** GET /api/leaderboards/:board: the top 100 and every character of the player with its rank. */
export const leaderboardResponseSchema = lazySchema(() =>
  z.strictObject({
    board: z.enum(LEADERBOARDS),
    entries: z.array(leaderboardEntrySchema),
    own: z.array(leaderboardEntrySchema),
  }),
);

export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
