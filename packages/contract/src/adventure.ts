/** The API's adventure and console shapes, shared by the server (answers) and the web app (parses). */
import { BIOMES, TIERS } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { text } from './input.ts';
import { toastSchema, type Toast } from './toast.ts';

const int = lazySchema(() => z.number().int());
/** ISO 8601. */
const instant = lazySchema(() => z.string());

/** How a console line is styled (spec 02 §2 "Messages are styled by kind"). */
export const CONSOLE_MESSAGE_KINDS = ['user', 'system', 'roll', 'adventure-start', 'adventure-return', 'poker', 'mana', 'success', 'error'] as const;
export type ConsoleMessageKind = (typeof CONSOLE_MESSAGE_KINDS)[number];

/** One console line (spec 02 §3 "Chat message"), oldest first in every list. */
export const consoleMessageSchema = lazySchema(() =>
  z.strictObject({
    id: int,
    /** user, system, roll, adventure-start, adventure-return, poker, mana, success, error */
    kind: z.string(),
    sender: z.string(),
    content: z.string(),
    createdAt: instant,
  }),
);
export type ConsoleMessage = z.infer<typeof consoleMessageSchema>;

/** A toast a console command asks for (spec texts such as 'Not Enough Mana'): the one toast shape (toast.ts). */
export const consoleToastSchema = toastSchema;
export type ConsoleToast = Toast;

/** GET /api/characters/:id/console[?before=id]: a page of lines, oldest first; `hasMore` = older lines exist. */
export const consolePageSchema = lazySchema(() => z.object({ messages: z.array(consoleMessageSchema), hasMore: z.boolean() }));
export type ConsolePage = z.infer<typeof consolePageSchema>;

/** POST /api/characters/:id/console { text }: the stored lines (the typed one first) and any toasts. */
export const consoleAnswerSchema = lazySchema(() => z.object({ messages: z.array(consoleMessageSchema), toasts: z.array(consoleToastSchema) }));
export type ConsoleAnswer = z.infer<typeof consoleAnswerSchema>;

/** Spec 02 §3 "Adventure state": the adventure a character is on. */
export const adventureViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    location: z.enum(BIOMES),
    /** 'Ice Lands' */
    locationName: z.string(),
    level: int,
    startTime: instant,
    endTime: instant,
    characterName: z.string(),
    /** Whole percent taken off by speed gear (0..50). */
    speedReduction: int,
    /** The table's duration before speed gear and RPG_TIME_SCALE, in ms. */
    originalMs: int,
    /** What it really lasts: endTime - startTime, in ms. */
    durationMs: int,
  }),
);
export type AdventureView = z.infer<typeof adventureViewSchema>;

const itemLineSchema = lazySchema(() => z.strictObject({ name: z.string(), tier: z.enum(TIERS), quantity: int }));

/** How the last settled adventure ended (the completion toast and the console lines). */
export const adventureOutcomeViewSchema = lazySchema(() =>
  z.strictObject({
    adventureId: z.string(),
    location: z.enum(BIOMES),
    level: int,
    won: z.boolean(),
    title: z.enum(['Adventure Completed!', 'Adventure Failed!']),
    /** The console lines joined by spaces: the toast's text. */
    message: z.string(),
    messages: z.array(z.string()),
    enemy: z.strictObject({ name: z.string(), level: int }),
    /** 0.1..0.95 */
    winChance: z.number(),
    xpGained: int,
    copperGained: int,
    healthLost: int,
    manaRestored: int,
    levelsGained: int,
    items: z.array(itemLineSchema),
    /** Drops that did not fit in the backpack. */
    leftBehind: z.array(itemLineSchema),
    completedAt: instant,
  }),
);
export type AdventureOutcomeView = z.infer<typeof adventureOutcomeViewSchema>;

export const launcherLevelSchema = lazySchema(() =>
  z.strictObject({
    level: int,
    /** After speed gear and RPG_TIME_SCALE, in ms. */
    durationMs: int,
    /** The table's minutes (1, 20, 30, ... 120). */
    baseMinutes: int,
    /** Player level needed (1 for adventure level 1, else 5 x level). */
    requiredLevel: int,
    locked: z.boolean(),
    /**
     * The character's chance to win if it set out now, 0.1..0.95: gear, pending spells, skills, the
     * current health and the land's conditions now (issue 42; adventureForecast).
     */
    winChance: z.number(),
    /** Issue 42: expected XP per hour of durationMs (win chance x mean reward, the world's multiplier included). */
    xpPerHour: int,
    /** Issue 42: expected copper per hour of durationMs, less the gear's repairs (won or lost). */
    copperPerHour: int,
    enemy: z.strictObject({ name: z.string(), hp: int, attack: int }),
  }),
);

export const adventureStateResponseSchema = lazySchema(() =>
  z.strictObject({
    current: adventureViewSchema.nullable(),
    lastOutcome: adventureOutcomeViewSchema.optional(),
    launcher: z.strictObject({
      locations: z.array(z.strictObject({ id: z.enum(BIOMES), name: z.string(), levels: z.array(launcherLevelSchema) })),
    }),
  }),
);
export type AdventureStateResponse = z.infer<typeof adventureStateResponseSchema>;

/** Level stays any number: the rule answers 'Adventure level must be a whole number from 1 to 10.' */
export const startAdventureBodySchema = lazySchema(() =>
  z.strictObject({ location: text(40), level: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number') }) }),
);
export type StartAdventureBody = z.infer<typeof startAdventureBodySchema>;

export const startAdventureResponseSchema = lazySchema(() => z.strictObject({ adventure: adventureViewSchema, messages: z.array(consoleMessageSchema) }));
export type StartAdventureResponse = z.infer<typeof startAdventureResponseSchema>;

/** Pushed to the owner's tabs when an adventure starts (any tab, route or command). */
export const adventureStartedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('adventure-started'),
    characterId: z.string(),
    location: z.enum(BIOMES),
    level: int,
    endTime: instant,
  }),
);
export type AdventureStartedPush = z.infer<typeof adventureStartedPushSchema>;

/** Pushed to the owner's tabs once an adventure is settled (spec 02 §4 completion toast). */
export const adventureCompletedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('adventure-completed'),
    characterId: z.string(),
    won: z.boolean(),
    title: z.enum(['Adventure Completed!', 'Adventure Failed!']),
    message: z.string(),
  }),
);
export type AdventureCompletedPush = z.infer<typeof adventureCompletedPushSchema>;
