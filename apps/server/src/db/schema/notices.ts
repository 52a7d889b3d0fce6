import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Issue 44 point 3: which timers' ends the player wants to hear about (every tab and device, and
 * the Web Push of the server's timers). No row: every one on (the defaults of NOTICE_DEFAULTS).
 */
export const noticeSettings = pgTable('notice_settings', {
  userId: userRef('user_id').primaryKey(),
  adventures: boolean('adventures').notNull().default(true),
  crafts: boolean('crafts').notNull().default(true),
  restock: boolean('restock').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 44 point 4: a device's Web Push subscription (its push service endpoint and the keys the
 * message is encrypted to). One row per endpoint: a device that subscribes again under another
 * account moves to it. Deleted when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

export type InboxKind = 'gift' | 'sale' | 'friend-request' | 'moderation' | 'battle-pass';

/**
 * Issue 44 point 6: the notification inbox, the events that were passing toasts: written in the
 * transaction of the event, read marks per entry; the oldest beyond the cap are pruned on write.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    kind: text('kind').$type<InboxKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_entries_user_idx').on(t.userId, t.createdAt.desc()),
    index('inbox_entries_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('inbox_entries_kind_valid', sql`${t.kind} in ('gift', 'sale', 'friend-request', 'moderation', 'battle-pass')`),
  ],
);
