/** The API's crafting shapes (spec 02 §2 crafting drawer, §3 recipe, §4/§5/§9 crafting). */
import { RECIPE_CATEGORIES, TIERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { actionToastSchema } from './casino.ts';
import { itemDataSchema } from './items.ts';

const int = lazySchema(() => z.number().int());
/** ISO 8601. */
const instant = lazySchema(() => z.string());

export const recipeViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    name: z.string(),
    /** The drawer's tab: weapons (shown as 'Weapons & Armor'), potions, food. */
    category: z.enum(RECIPE_CATEGORIES),
    categoryLabel: z.string(),
    tier: z.enum(TIERS),
    requiredLevel: int,
    xpReward: int,
    /** `need` is after the level's resource discount; `have` counts unequipped matching stacks. */
    ingredients: z.array(z.strictObject({ name: z.string(), tier: z.enum(TIERS).optional(), need: int, have: int })),
    /** The item as the recipe makes it, before the quality bonus. */
    result: itemDataSchema,
    /** Common recipes always; the others once learned from a scroll. */
    unlocked: z.boolean(),
    /** Unlocked, level high enough and every ingredient in stock (whether a craft is already running is `active`/`finished`). */
    craftable: z.boolean(),
    /** How long it would take now, after the speed bonus and RPG_TIME_SCALE. */
    durationMs: int,
  }),
);

export const craftingViewSchema = lazySchema(() =>
  z.strictObject({
    level: int,
    xp: int,
    /** Total XP at which the current level began, and the next level's total (null at level 10). */
    levelXp: int,
    nextLevelXp: int.nullable(),
    /** Whole percent. */
    bonuses: z.strictObject({ speedReduction: int, resourceDiscount: int, qualityBonus: int }),
    recipes: z.array(recipeViewSchema),
    /** The drawer's 'unlocked N / M' over non-common recipes. */
    unlocked: z.strictObject({ unlocked: int, total: int }),
    /** The craft in progress; `progress` is 0..1 at the time of the answer. */
    active: z
      .strictObject({ recipeId: z.string(), recipeName: z.string(), startedAt: instant, endsAt: instant, progress: z.number(), remainingMs: int })
      .nullable(),
    /** A finished craft waiting for a free backpack slot ('Backpack Full'): POST .../crafting/collect. */
    finished: z.strictObject({ recipeId: z.string(), recipeName: z.string(), endsAt: instant, item: itemDataSchema }).nullable(),
  }),
);
export type CraftingView = z.infer<typeof craftingViewSchema>;
export type RecipeView = z.infer<typeof recipeViewSchema>;

/** POST .../crafting/start { recipeId }, .../crafting/collect, .../crafting/scrolls/:entryId/read. */
export const craftingActionResponseSchema = lazySchema(() => z.strictObject({ crafting: craftingViewSchema, toast: actionToastSchema }));
export type CraftingActionResponse = z.infer<typeof craftingActionResponseSchema>;

/** Pushed to the owner's tabs when a craft is settled: collected into the backpack, or waiting ('Backpack Full'). */
export const craftCompletedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('craft-completed'),
    characterId: z.string(),
    itemName: z.string(),
    collected: z.boolean(),
    /** The console line: 'You crafted X! +N crafting XP.' or the Backpack Full text. */
    message: z.string(),
  }),
);
export type CraftCompletedPush = z.infer<typeof craftCompletedPushSchema>;
