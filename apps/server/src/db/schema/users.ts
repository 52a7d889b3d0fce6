import { sql } from 'drizzle-orm';
import type { Role } from '@rpg/game';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';

/** Spec 01 §3 "User": the player's public profile, one row per account, created on first sign-in. */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    username: text('username').notNull(),
    avatarUrl: text('avatar_url'),
    bannerUrl: text('banner_url'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 28: player, moderator or admin (`npm run admin -- grant`; admins make moderators in the moderation screen). */
    role: text('role').$type<Role>().notNull().default('player'),
    /** Issue 28: a moderator's mute in the global chat, in force until then (null: none), and why. */
    chatMutedUntil: timestamp('chat_muted_until', { withTimezone: true }),
    chatMuteReason: text('chat_mute_reason'),
    /** Issue 46: the role of who imposed the mute in force (an admin's is lifted or changed by an admin only). */
    chatMutedByRole: text('chat_muted_by_role').$type<Role>(),
    /**
     * Issue 45: when the player's last chat lines were said (at most the throttle's 5 in its 10 s),
     * the throttle's count on the row a line locks: a line's one statement rechecks it there
     * (db/queries/chat-line.ts), so parallel sends in any process see the same count.
     */
    chatSentAt: timestamp('chat_sent_at', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    /** Issue 28: a suspension, from `suspended_at` until `suspended_until` (null: for good); none while `suspended_at` is null. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Issue 46: the role of who imposed the suspension in force (an admin's is lifted or changed by an admin only). */
    suspendedByRole: text('suspended_by_role').$type<Role>(),
  },
  // DECISIONS §4: the username is the public name, unique case-insensitively; player search
  // matches an e-mail address exactly (case-insensitively).
  // users_seen_idx: friend suggestions fill up with the most recently seen players (db/queries/social.ts),
  // read along it in the order they are shown instead of sorting every player.
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_seen_idx').on(sql`greatest(${t.lastSeen}, ${t.lastLogin}) desc nulls last`, t.id),
    check('users_role_check', sql`${t.role} in ('player', 'moderator', 'admin')`),
    // The moderation screen's list of players muted or suspended now.
    index('users_penalties_idx')
      .on(t.id)
      .where(sql`${t.chatMutedUntil} is not null or ${t.suspendedAt} is not null`),
  ],
);

/** Open WebSocket connections, so presence is right with several server processes. */
export const realtimeConnections = pgTable(
  'realtime_connections',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    lastPing: timestamp('last_ping', { withTimezone: true }).notNull().defaultNow(),
  },
  // A player's connections (presence, the tab cap, a web push's open-tabs check, each listed
  // player's newest ping): without it each of those scanned every open tab's row (issue 45). On
  // user_id alone, so the heartbeat's update of last_ping stays a heap-only update.
  (t) => [index('realtime_connections_user_idx').on(t.userId)],
);

/** Fixed-window counters for the auth rate limits (per IP and per address), shared by every process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * A write's idempotency key (issue 46, finding 12; http/idempotency.ts): claimed by the first
 * transaction of the request that sent it, in that transaction, and its answer kept once sent, so
 * that a retry with the same key answers it again and changes nothing. Pruned after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request it came with ('POST /api/characters/:id/console'): the same key on another one is refused. */
    request: text('request').notNull(),
    /** The answer, once sent (null while the first request is still being answered). */
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at').on(t.createdAt)],
);

/** Development outbox: every mail when SMTP_URL is not set. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  code: text('code'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 44, the first hour and coming back, one row per account: the first steps done (ids of
 * FIRST_STEPS, each paid once), whether the player closed the guide, and when the player last
 * saw what settled while away (the away card counts from then).
 */
export const playerFirstHour = pgTable('player_first_hour', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  steps: text('steps')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  guideHidden: boolean('guide_hidden').notNull().default(false),
  awaySeenAt: timestamp('away_seen_at', { withTimezone: true }),
});
