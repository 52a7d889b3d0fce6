import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type FriendshipStatus = 'pending' | 'accepted' | 'rejected';

/**
 * Spec 03 §3 "Friendship row" (users_friends) and §4 "Friendship status": one row per pair of
 * players, whichever asked (a unique index on the unordered pair). pending -> accepted or
 * rejected; a rejected row is reused by a new request (it becomes pending again, with the new
 * requester), and declining in the messages panel deletes it.
 * Other areas ask `areFriends` in db/queries/friendships.ts rather than reading the rows.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** user_id: who asked. */
    requesterId: userRef('requester_id'),
    /** friend_id: who was asked (the only one who may accept or reject). */
    addresseeId: userRef('addressee_id'),
    status: text('status').$type<FriendshipStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friendships_pair_uq').on(sql`least(${t.requesterId}, ${t.addresseeId})`, sql`greatest(${t.requesterId}, ${t.addresseeId})`),
    index('friendships_requester_idx').on(t.requesterId, t.status),
    index('friendships_addressee_idx').on(t.addresseeId, t.status),
    check('friendships_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('friendships_status_valid', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

/**
 * A player's block list. Either way, the two send each other no friend request or message, see
 * neither the other's presence, posts, likes, comments nor chat lines (docs/decisions/social.md, "Blocks").
 * Blocking ends any friendship of the pair.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pk', columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Spec 03 §3 "Message": sender_id, receiver_id, content, created_at, read (read_at here).
 * The id orders a conversation (paging goes back by id); the pair index serves the
 * conversation pages, the partial index the unread counts, the sender and receiver indexes the
 * conversation list.
 */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: userRef('sender_id'),
    receiverId: userRef('receiver_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('direct_messages_pair_idx').on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`, t.id),
    index('direct_messages_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null`),
    // The conversation list: everyone the player has messages with, sent or received.
    index('direct_messages_sender_idx').on(t.senderId, t.receiverId),
    index('direct_messages_receiver_idx').on(t.receiverId, t.senderId),
    // DECISIONS §2: 1 to 1000 characters (the rule, `directMessageText` in @rpg/game, says so first).
    check('direct_messages_body_length', sql`char_length(${t.body}) between 1 and 1000`),
    check('direct_messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);
