import type { ReportKind } from '@rpg/game';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What was reported, as it was when the report was made: deleting it does not erase the evidence. */
export interface ReportSnapshot {
  text: string;
  /** A post's image ('/uploads/...'), when it had one. */
  imageUrl?: string | null;
  /** The writer's username then (a chat line: its character's name too). */
  authorName: string;
  characterName?: string;
  /** When it was written (ISO 8601). */
  writtenAt: string;
  /** A comment's post, a direct message's other player: to show it in context. */
  postId?: string;
  otherUserId?: string;
  /** Issue 46: a direct message's surroundings as they were when it was reported (5 before, 5 after). */
  context?: Array<{ id: string; authorName: string; text: string; createdAt: string }>;
}

/**
 * Issue 28: a player's report of a chat line, a post, a comment or a direct message. One open
 * report per reporter and item (the partial unique index); a moderator closes every open report
 * of an item at once (dismissed, or actioned when something was done).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ReportKind>().notNull(),
    /** The item's id as text: a chat line's or direct message's number, a post's or comment's uuid. */
    itemId: text('item_id').notNull(),
    targetUserId: text('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    snapshot: jsonb('snapshot').$type<ReportSnapshot>().notNull(),
    status: text('status').$type<'open' | 'dismissed' | 'actioned'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_item_reporter_uq')
      .on(t.kind, t.itemId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_item_idx').on(t.kind, t.itemId),
    index('reports_target_idx').on(t.targetUserId),
    check('reports_kind_check', sql`${t.kind} in ('chat', 'post', 'comment', 'dm')`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

/**
 * Issue 28: every moderator action (who, what, when, why, on whom). Written by the moderation
 * routes only; no route edits or deletes a row, and the retention pruner never touches it. The
 * names are kept as they were, so the log still reads when an account is gone.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetName: text('target_name').notNull(),
    reason: text('reason').notNull(),
    /** What else the action said: the report and item, a mute's or suspension's end, a role. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_time_idx').on(t.createdAt), index('moderation_log_target_idx').on(t.targetUserId)],
);
