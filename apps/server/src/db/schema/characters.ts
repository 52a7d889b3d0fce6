import type { Appearance, CharacterClass, Gender, ItemData, Race, SpellEffects, SpentAttributePoints, Tier } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Spec 01 §3 "Player character". Money is one integer of copper (DECISIONS §3), never
 * below 0. At most one active character per user: a unique index over the active rows.
 */
export const playerCharacters = pgTable(
  'player_characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    race: text('race').$type<Race>().notNull(),
    characterClass: text('class').$type<CharacterClass>().notNull(),
    gender: text('gender').$type<Gender>().notNull(),
    level: integer('level').notNull().default(1),
    xp: integer('xp').notNull().default(0),
    copper: bigint('copper', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(false),
    skillPoints: integer('skill_points').notNull().default(0),
    spentAttributePoints: jsonb('spent_attribute_points').$type<SpentAttributePoints>().notNull().default({}),
    /** Relative to DATA_DIR/uploads, e.g. 'characters/3f2a....png'. */
    avatarPath: text('avatar_path'),
    backgroundPath: text('background_path'),
    /** Casino chips (spec 02 §9: 1 copper = 1 chip), never below 0. */
    casinoChips: bigint('casino_chips', { mode: 'number' }).notNull().default(0),
    craftingXp: integer('crafting_xp').notNull().default(0),
    /** Recipe ids learned from scrolls (common recipes are known by default). */
    unlockedRecipes: jsonb('unlocked_recipes').$type<string[]>().notNull().default([]),
    /** Spells cast outside combat that wait for the next adventure (DECISIONS §3). */
    spellEffects: jsonb('spell_effects').$type<SpellEffects>().notNull().default({ bonusWinChance: 0, bonusDefense: 0 }),
    /** Leaderboard counts (DECISIONS §2): adventures completed, battles won. */
    adventuresCompleted: integer('adventures_completed').notNull().default(0),
    battlesWon: integer('battles_won').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_characters_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('player_characters_one_active_idx')
      .on(t.userId)
      .where(sql`is_active`),
    check('player_characters_copper_check', sql`${t.copper} >= 0`),
    check('player_characters_level_check', sql`${t.level} >= 1`),
    check('player_characters_xp_check', sql`${t.xp} >= 0`),
    check('player_characters_skill_points_check', sql`${t.skillPoints} >= 0`),
    check('player_characters_chips_check', sql`${t.casinoChips} >= 0`),
    // Leaderboards (spec 03 §2): each board reads its top 100 and counts who is ahead from these.
    index('player_characters_lb_xp_idx').on(t.level, t.xp, t.id),
    index('player_characters_lb_adventures_idx').on(t.adventuresCompleted, t.id),
    index('player_characters_lb_battles_idx').on(t.battlesWon, t.id),
  ],
);

const stat = (name: string) => integer(name).notNull();

/** Spec 01 §3 "Character attributes": the live values and their base_ copies from creation. */
export const playerCharacterAttributes = pgTable(
  'player_character_attributes',
  {
    characterId: uuid('character_id')
      .primaryKey()
      .references(() => playerCharacters.id, { onDelete: 'cascade' }),
    strength: stat('strength'),
    dexterity: stat('dexterity'),
    intelligence: stat('intelligence'),
    constitution: stat('constitution'),
    attack: stat('attack'),
    magicPower: stat('magic_power'),
    speed: stat('speed'),
    defense: stat('defense'),
    health: stat('health'),
    currentHealth: stat('current_health'),
    maxHealth: stat('max_health'),
    currentMana: stat('current_mana'),
    maxMana: stat('max_mana'),
    baseStrength: stat('base_strength'),
    baseDexterity: stat('base_dexterity'),
    baseIntelligence: stat('base_intelligence'),
    baseConstitution: stat('base_constitution'),
    baseAttack: stat('base_attack'),
    baseMagicPower: stat('base_magic_power'),
    baseSpeed: stat('base_speed'),
    baseDefense: stat('base_defense'),
    baseHealth: stat('base_health'),
    baseCurrentHealth: stat('base_current_health'),
    baseMaxHealth: stat('base_max_health'),
    baseCurrentMana: stat('base_current_mana'),
    baseMaxMana: stat('base_max_mana'),
    /** When current_mana was last brought up to date (lazy regeneration, DECISIONS §3). */
    manaUpdatedAt: timestamp('mana_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Leaderboards (spec 03 §2): Health, Defense and Attack.
  (t) => [
    index('player_character_attributes_lb_health_idx').on(t.maxHealth, t.characterId),
    index('player_character_attributes_lb_defense_idx').on(t.defense, t.characterId),
    index('player_character_attributes_lb_attack_idx').on(t.attack, t.characterId),
  ],
);

/** Spec 01 §3 "Character appearance". */
export const playerCharacterAppearance = pgTable('player_character_appearance', {
  characterId: uuid('character_id')
    .primaryKey()
    .references(() => playerCharacters.id, { onDelete: 'cascade' }),
  hairStyle: text('hair_style').$type<Appearance['hairStyle']>().notNull().default('default'),
  hairColor: text('hair_color').notNull().default('#000000'),
  eyeColor: text('eye_color').notNull().default('#000000'),
  clothesStyle: text('clothes_style').$type<Appearance['clothesStyle']>().notNull().default('casual'),
  skinTone: text('skin_tone').notNull().default('#8D5524'),
});

/** Spec 01 §3 "Inventory": one row per item stack. */
export const playerCharacterInventory = pgTable(
  'player_character_inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    characterId: uuid('character_id')
      .notNull()
      .references(() => playerCharacters.id, { onDelete: 'cascade' }),
    itemData: jsonb('item_data').$type<ItemData>().notNull(),
    quantity: integer('quantity').notNull().default(1),
    equipped: boolean('equipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_character_inventory_character_idx').on(t.characterId), check('player_character_inventory_quantity_check', sql`${t.quantity} > 0`)],
);

/** Spec 01 §3 "Backpack": the one backpack a character carries. Prices in copper. */
export const playerCharacterBackpack = pgTable('player_character_backpack', {
  characterId: uuid('character_id')
    .primaryKey()
    .references(() => playerCharacters.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tier: text('tier').$type<Tier>().notNull(),
  slots: integer('slots').notNull(),
  description: text('description').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  sellPrice: bigint('sell_price', { mode: 'number' }),
});
