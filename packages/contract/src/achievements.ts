/** The API's achievement, battle-pass and gift shapes (spec 03 §2 achievements screen, §3, §4, §9). */
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_DIFFICULTIES, TIERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { int as boundedInt, text } from './input.ts';
import { toastSchema } from './toast.ts';

const int = lazySchema(() => z.number().int());
/** ISO 8601. */
const instant = lazySchema(() => z.string());

export const achievementViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    title: z.string(),
    /** Null for a hidden achievement not yet completed (the screen shows the hint or 'Complete to reveal details'). */
    description: z.string().nullable(),
    hint: z.string().nullable(),
    points: int,
    icon: z.string(),
    hidden: z.boolean(),
    category: z.enum(ACHIEVEMENT_CATEGORIES),
    difficulty: z.enum(ACHIEVEMENT_DIFFICULTIES),
    completed: z.boolean(),
    completedAt: instant.nullable(),
    /** '312 / 1000 enemies'; null where it would give a secret away. */
    progress: z.strictObject({ current: int, target: int, unit: z.string() }).nullable(),
  }),
);
export type AchievementView = z.infer<typeof achievementViewSchema>;

export const BATTLE_PASS_STATES = ['locked', 'ready', 'claimed'] as const;

export const battlePassRewardViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    level: int,
    itemName: z.string(),
    itemDescription: z.string(),
    itemType: z.string(),
    itemRarity: z.enum(TIERS),
    pointsRequired: int,
    /** Spec 03 §4: LOCKED (points still needed), READY (points reached, not yet granted), CLAIMED (in the inventory). */
    state: z.enum(BATTLE_PASS_STATES),
    pointsNeeded: int,
  }),
);
export type BattlePassRewardView = z.infer<typeof battlePassRewardViewSchema>;

/** GET /api/achievements: spec 03 §3 "Player progress" and the catalogue with this player's state. */
export const achievementsViewSchema = lazySchema(() =>
  z.strictObject({
    totalPoints: int,
    level: int,
    maxLevel: int,
    /** 0 when every level is reached. */
    pointsToNextLevel: int,
    /** Points at which the current level began and the next one begins (the progress bar). */
    levelStartPoints: int,
    nextLevelPoints: int.nullable(),
    completed: int,
    total: int,
    /** The title shown beside the name (a battle-pass reward). */
    title: z.string().nullable(),
    achievements: z.array(achievementViewSchema),
    battlePass: z.strictObject({ claimed: int, total: int, rewards: z.array(battlePassRewardViewSchema) }),
  }),
);
export type AchievementsView = z.infer<typeof achievementsViewSchema>;

export const achievementsResetResponseSchema = lazySchema(() => z.strictObject({ toast: toastSchema, achievements: achievementsViewSchema }));
export type AchievementsResetResponse = z.infer<typeof achievementsResetResponseSchema>;

/** PUT /api/achievements/time-zone: the browser's IANA time zone (DECISIONS §4 night owl). */
export const timeZoneBodySchema = lazySchema(() => z.strictObject({ timeZone: text(64) }));
export const timeZoneResponseSchema = lazySchema(() => z.strictObject({ ok: z.literal(true) }));

/** POST /api/gifts: copper or one inventory entry (some of its quantity) to a friend's active character. */
export const giftBodySchema = lazySchema(() =>
  z.strictObject({
    toUserId: text(64),
    copper: boundedInt(0, 1_000_000_000).optional(),
    entryId: text(64).optional(),
    quantity: boundedInt(1, 10_000).optional(),
    /** A retry with the same id gives once. */
    requestId: text(64),
  }),
);
export type GiftBody = z.infer<typeof giftBodySchema>;
export const giftResponseSchema = lazySchema(() => z.strictObject({ toast: toastSchema, message: z.string() }));
export type GiftResponse = z.infer<typeof giftResponseSchema>;

/** Spec 03 §4: 'Achievement Unlocked!' with the title and points, to every tab of the player. */
export const achievementUnlockedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('achievement-unlocked'),
    achievementId: z.string(),
    title: z.string(),
    points: int,
  }),
);
export type AchievementUnlockedPush = z.infer<typeof achievementUnlockedPushSchema>;

/** Spec 03 §4/§9: a battle-pass level reached; the tab shows 'Level Up Reward!' one second later. */
export const battlePassRewardPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('battle-pass-reward'),
    level: int,
    itemName: z.string(),
  }),
);
export type BattlePassRewardPush = z.infer<typeof battlePassRewardPushSchema>;

/** DECISIONS §4 gifts: the live notice to the receiver. */
export const giftReceivedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('gift-received'),
    fromName: z.string(),
    message: z.string(),
  }),
);
export type GiftReceivedPush = z.infer<typeof giftReceivedPushSchema>;
