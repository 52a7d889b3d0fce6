import type { Appearance, CharacterClass, Race } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { playerCharacters } from './characters.ts';
import { users } from './users.ts';

/**
 * Spec 03 §3 "Post": a player's post on their profile feed (text, an optional image, or both).
 * Author name and avatar are read from `users` when shown, so a renamed player is shown by the new name.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** Relative to DATA_DIR/uploads, e.g. 'posts/<userId>/3f2a....png'. */
    imagePath: text('image_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_author_idx').on(t.authorId, t.createdAt),
    check('posts_text_length_check', sql`char_length(${t.text}) <= 2000`),
    check('posts_content_check', sql`${t.text} <> '' or ${t.imagePath} is not null`),
  ],
);

/**
 * Issue 25: every post image uploaded (POST /api/posts/images), so a player's images are counted
 * against the quota and one never posted is found and deleted. Pending while `post_id` is null:
 * served to its uploader only, deleted an hour after `created_at` (services/uploads.ts). A post's
 * deletion takes its row with it (the route removes the file).
 */
export const postImages = pgTable(
  'post_images',
  {
    /** Relative to DATA_DIR/uploads, as posts.image_path holds it: 'posts/<player folder>/<32 hex>.webp'. */
    path: text('path').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The stored file's size, for the quota. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('post_images_owner_idx').on(t.ownerId),
    index('post_images_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.postId} is null`),
    uniqueIndex('post_images_post_uq').on(t.postId),
  ],
);

/** Spec 03 §3 "Comment". */
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.createdAt), check('post_comments_text_length_check', sql`char_length(${t.text}) between 1 and 500`)],
);

/** DECISIONS §2: one like per player per post (toggled); the key makes parallel clicks safe. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/**
 * Spec 03 §3 "Chat message": one line of the global player chat with a snapshot of the
 * character that said it (as it was then). The Game Master's lines have no user and a
 * `system_key` ('welcome'), unique, so the welcome is written once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    systemKey: text('system_key'),
    characterId: uuid('character_id').references(() => playerCharacters.id, { onDelete: 'set null' }),
    characterName: text('character_name').notNull(),
    characterRace: text('character_race').$type<Race | ''>().notNull(),
    characterClass: text('character_class').$type<CharacterClass | ''>().notNull(),
    characterLevel: integer('character_level').notNull(),
    /** The character's avatar when the line was said, relative to DATA_DIR/uploads. */
    portraitPath: text('portrait_path'),
    /** Spec 03 §3: the character's appearance when the line was said (drawn as the sheet draws it); null for the Game Master. */
    characterAppearance: jsonb('character_appearance').$type<Appearance>(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_time_idx').on(t.createdAt),
    index('chat_messages_user_time_idx').on(t.userId, t.createdAt),
    uniqueIndex('chat_messages_system_key_idx').on(t.systemKey),
    check('chat_messages_text_length_check', sql`char_length(${t.text}) between 1 and 500`),
  ],
);

/** DECISIONS §4: a personal mute list: the muted player's chat lines are hidden for this player only. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedUserId: text('muted_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mutedUserId] }), check('chat_mutes_not_self_check', sql`${t.userId} <> ${t.mutedUserId}`)],
);
