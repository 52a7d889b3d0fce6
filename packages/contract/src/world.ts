/** Issue 42 "a living world": the world clock's shape (GET /api/world and its push), one home. */
import { BIOMES, WEATHERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/** ISO 8601. */
const instant = lazySchema(() => z.string());

/** One land's conditions now (packages/game world/clock.ts `LandConditions`). */
export const worldLandSchema = lazySchema(() =>
  z.strictObject({
    id: z.enum(BIOMES),
    /** 'Ice Lands' */
    name: z.string(),
    weather: z.enum(WEATHERS),
    /** 'Storm' */
    weatherName: z.string(),
    /** Night above ground (the caves never have one). */
    night: z.boolean(),
    underground: z.boolean(),
    /** Added to an adventure's win chance here now, before the clamp (-0.13 = 13 points less). */
    winChance: z.number(),
    /** Multiplies the XP and copper won here now. */
    rewardMultiplier: z.number(),
    /** When this land's weather turns. */
    weatherUntil: instant,
    /** The console's words: 'Forest: night, rain' (conditionsLine). */
    line: z.string(),
    /** What it does: 'win chance -7%, rewards +15%' or 'no effect' (conditionsEffect). */
    effect: z.string(),
  }),
);
export type WorldLand = z.infer<typeof worldLandSchema>;

/** GET /api/world: the same for every player; times are real time (RPG_TIME_SCALE applied). */
export const worldResponseSchema = lazySchema(() =>
  z.strictObject({
    /** The moment described. */
    at: instant,
    phase: z.enum(['day', 'night']),
    /** When day turns to night or back. */
    phaseUntil: instant,
    /** The world's hour, 0..23 (24 world hours a world day). */
    hour: z.number().int(),
    /** When the world's hour turns (a push, though nothing in play changes). */
    hourUntil: instant,
    /** The next moment play changes (the phase or a land's weather). The next push is at this or hourUntil, whichever is first. */
    nextChangeAt: instant,
    lands: z.array(worldLandSchema),
  }),
);
export type WorldResponse = z.infer<typeof worldResponseSchema>;

/** Pushed to every tab that shows the world when it turns (day/night, any land's weather, the world's hour). */
export const worldChangedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('world-changed'),
    world: worldResponseSchema,
  }),
);
export type WorldChangedPush = z.infer<typeof worldChangedPushSchema>;
