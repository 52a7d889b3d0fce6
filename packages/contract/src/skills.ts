/** The skill tree's API shapes (spec 03 §2-§5), shared by the server (answers) and the web app (parses). */
import { CLASSES, SKILL_TREE_CLASSES, SKILL_TYPES } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { text } from './input.ts';
import { toastSchema } from './toast.ts';

const int = lazySchema(() => z.number().int());

export const SKILL_STATUSES = ['unlocked', 'available', 'locked'] as const;

export const skillBonusSchema = lazySchema(() =>
  z.strictObject({
    attack: int.optional(),
    defense: int.optional(),
    speed: int.optional(),
    magicPower: int.optional(),
    winChance: z.number().optional(),
  }),
);

export const skillNodeViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    name: z.string(),
    type: z.enum(SKILL_TYPES),
    description: z.string(),
    manaCost: int.optional(),
    cooldown: int.optional(),
    damage: int.optional(),
    requirements: z.array(z.string()),
    path: z.string(),
    position: z.strictObject({ x: z.number(), y: z.number() }),
    bonus: skillBonusSchema,
    /** Against the character's unlocked skills; in preview, against none. */
    status: z.enum(SKILL_STATUSES),
  }),
);

export const skillTreeViewSchema = lazySchema(() =>
  z.strictObject({
    characterClass: z.enum(SKILL_TREE_CLASSES),
    name: z.string(),
    root: z.string(),
    paths: z.array(z.string()),
    nodes: z.array(skillNodeViewSchema),
    links: z.array(z.strictObject({ from: z.string(), to: z.string() })),
  }),
);

/** GET /api/characters/:id/skills?tree=mage|warrior|rogue (default: the character's own class). */
export const skillTreeStateSchema = lazySchema(() =>
  z.strictObject({
    characterId: z.string(),
    characterClass: z.enum(CLASSES),
    level: int,
    /** Unspent points (player_characters.skill_points). */
    skillPoints: int,
    /** False for the nine classes without a tree: 'Access Denied' / 'Unsupported class type.'. */
    supported: z.boolean(),
    /** The tree shown: the own class's, or another class's in preview; null when unsupported and none was asked for. */
    tree: skillTreeViewSchema.nullable(),
    /** True when `tree` is not the character's own: nothing can be saved (spec 03 §4). */
    preview: z.boolean(),
    /** The character's unlocked skill ids (of its own tree). */
    unlocked: z.array(z.string()),
    /** What the unlocked skills add to every fight. */
    bonuses: z.strictObject({ attack: int, defense: int, speed: int, magicPower: int, winChance: z.number() }),
  }),
);

export const skillTreeQuerySchema = lazySchema(() => z.object({ tree: z.enum(SKILL_TREE_CLASSES).optional() }));
export const unlockSkillBodySchema = lazySchema(() => z.strictObject({ skillId: text(64) }));

/** POST .../skills/unlock and .../skills/reset: the state after, and the spec's toast. */
export const skillChangeResponseSchema = lazySchema(() => z.strictObject({ state: skillTreeStateSchema, toast: toastSchema }));

export type SkillNodeView = z.infer<typeof skillNodeViewSchema>;
export type SkillTreeView = z.infer<typeof skillTreeViewSchema>;
export type SkillTreeState = z.infer<typeof skillTreeStateSchema>;
export type SkillChangeResponse = z.infer<typeof skillChangeResponseSchema>;
export type UnlockSkillBody = z.input<typeof unlockSkillBodySchema>;
