/** The API's character shapes, shared by the server (answers) and the web app (parses). */
import { CLASSES, CLOTHES_STYLES, GENDERS, HAIR_STYLES, RACES, TIERS, UPGRADABLE_ATTRIBUTES } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

const int = lazySchema(() => z.number().int());

export const attributesSchema = lazySchema(() =>
  z.strictObject({
    strength: int,
    dexterity: int,
    intelligence: int,
    constitution: int,
    attack: int,
    magicPower: int,
    speed: int,
    defense: int,
    health: int,
    currentHealth: int,
    maxHealth: int,
    currentMana: int,
    maxMana: int,
  }),
);

export const appearanceSchema = lazySchema(() =>
  z.strictObject({
    hairStyle: z.enum(HAIR_STYLES),
    hairColor: z.string(),
    eyeColor: z.string(),
    clothesStyle: z.enum(CLOTHES_STYLES),
    skinTone: z.string(),
  }),
);

/**
 * A character as every /api/characters route answers it.
 */
export const characterViewSchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    name: z.string(),
    race: z.enum(RACES),
    class: z.enum(CLASSES),
    gender: z.enum(GENDERS),
    level: int,
    xp: int,
    /** XP needed to leave the current level (250 n (n+1)); null at the maximum level. */
    xpToNextLevel: int.nullable(),
    /** All money in copper (DECISIONS §3); `coins` is the same amount split for display. */
    copper: int,
    coins: z.strictObject({ gold: int, silver: int, copper: int }),
    isActive: z.boolean(),
    /** ISO 8601. */
    createdAt: z.string(),
    attributes: attributesSchema,
    /**
     * The summed stats of the equipped gear. Max health everywhere is
     * maxHealthWithGear(attributes, gearBonuses) from @rpg/game (spec 02 §3).
     */
    gearBonuses: z.strictObject({ attack: int, defense: int, speed: int, health: int }),
    appearance: appearanceSchema,
    backpack: z.strictObject({ name: z.string(), tier: z.enum(TIERS), slots: int, description: z.string() }),
    skillPoints: int,
    spentAttributePoints: z.partialRecord(z.enum(UPGRADABLE_ATTRIBUTES), int),
    availableAttributePoints: int,
    /** '/uploads/characters/<file>' or null. */
    avatarUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
  }),
);

export type CharacterView = z.infer<typeof characterViewSchema>;

export interface CharacterListResponse {
  characters: CharacterView[];
}
export interface CharacterResponse {
  character: CharacterView;
}

/** GET /api/characters. */
export const characterListResponseSchema = lazySchema(() => z.strictObject({ characters: z.array(characterViewSchema) }));
/** POST /api/characters, PATCH /api/characters/:id and every other answer about one character. */
export const characterResponseSchema = lazySchema(() => z.strictObject({ character: characterViewSchema }));
