import {
  availableAttributePoints,
  CLASSES,
  CLOTHES_STYLES,
  copper,
  GENDERS,
  HAIR_STYLES,
  MAX_LEVEL,
  RACES,
  TIERS,
  toCoins,
  UPGRADABLE_ATTRIBUTES,
  xpToLeaveLevel,
} from '@rpg/game';
import { z } from 'zod';
import { appearanceOf, attributesOf, type CharacterRow } from '../../db/queries/characters.ts';

const int = z.number().int();

export const attributesSchema = z.strictObject({
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
});

export const appearanceSchema = z.strictObject({
  hairStyle: z.enum(HAIR_STYLES),
  hairColor: z.string(),
  eyeColor: z.string(),
  clothesStyle: z.enum(CLOTHES_STYLES),
  skinTone: z.string(),
});

/**
 * A character as every /api/characters route answers it. The web app keeps its own
 * copy of this schema (it may not import the server); this one is the reference.
 */
export const characterViewSchema = z.strictObject({
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
  appearance: appearanceSchema,
  backpack: z.strictObject({ name: z.string(), tier: z.enum(TIERS), slots: int, description: z.string() }),
  skillPoints: int,
  spentAttributePoints: z.partialRecord(z.enum(UPGRADABLE_ATTRIBUTES), int),
  availableAttributePoints: int,
  /** '/uploads/characters/<file>' or null. */
  avatarUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
});

export type CharacterView = z.infer<typeof characterViewSchema>;

export interface CharacterListResponse {
  characters: CharacterView[];
}
export interface CharacterResponse {
  character: CharacterView;
}

const uploadUrl = (relative: string | null) => (relative ? `/uploads/${relative}` : null);

export function toCharacterView({ character: c, attributes, appearance, backpack }: CharacterRow): CharacterView {
  return {
    id: c.id,
    name: c.name,
    race: c.race,
    class: c.characterClass,
    gender: c.gender,
    level: c.level,
    xp: c.xp,
    xpToNextLevel: c.level >= MAX_LEVEL ? null : xpToLeaveLevel(c.level),
    copper: c.copper,
    coins: toCoins(copper(c.copper)),
    isActive: c.isActive,
    createdAt: c.createdAt.toISOString(),
    attributes: attributesOf(attributes),
    appearance: appearanceOf(appearance),
    backpack: { name: backpack.name, tier: backpack.tier, slots: backpack.slots, description: backpack.description },
    skillPoints: c.skillPoints,
    spentAttributePoints: c.spentAttributePoints,
    availableAttributePoints: availableAttributePoints(c),
    avatarUrl: uploadUrl(c.avatarPath),
    backgroundUrl: uploadUrl(c.backgroundPath),
  };
}
