/**
 * Every message the server pushes to a browser tab over /api/realtime, as one union. The server's
 * `notify` and `broadcast` accept only these; the web app parses them with `pushMessageSchema`.
 * A new kind of push is a new member here, a sender on the server, and a subscriber on the web.
 */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { adventureCompletedPushSchema, adventureStartedPushSchema } from './adventure.ts';
import { chatMessagePushSchema } from './community.ts';
import { moderationNoticePushSchema } from './moderation.ts';
import { craftCompletedPushSchema } from './crafting.ts';
import { achievementUnlockedPushSchema, battlePassRewardPushSchema, giftReceivedPushSchema } from './achievements.ts';
import { auctionSoldPushSchema } from './auction.ts';
import type { QueryKey } from './query-keys.ts';
import { directMessagePushSchema, friendRequestPushSchema } from './social-push.ts';

const instant = lazySchema(() => z.string());

/** Refetch these queries (`queryKeys` in query-keys.ts); every tab of the player gets it after a commit. */
export const invalidatePushSchema = lazySchema(() => z.strictObject({
  type: z.literal('invalidate'),
  queryKeys: z.array(z.array(z.string()).readonly()),
}));
export type InvalidatePush = z.infer<typeof invalidatePushSchema>;

/** The `invalidate` push for these keys (each named once). */
export function invalidatePush(keys: readonly QueryKey[]): InvalidatePush {
  const unique = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return { type: 'invalidate', queryKeys: [...unique.values()] };
}

/** Spec 03 §4: the stores restocked (every tab; the web shows 'Store Refreshed!' once per window). */
export const storeRefreshedPushSchema = lazySchema(() => z.strictObject({
  type: z.literal('store-refreshed'),
  windowStart: instant,
  nextRefresh: instant,
}));
export type StoreRefreshedPush = z.infer<typeof storeRefreshedPushSchema>;

/** A player came online or went offline (every tab). */
export const presencePushSchema = lazySchema(() => z.strictObject({
  type: z.literal('presence'),
  userId: z.string(),
  isOnline: z.boolean(),
  lastSeen: instant,
}));
export type PresencePush = z.infer<typeof presencePushSchema>;

/** The socket is open for this player. */
export const helloPushSchema = lazySchema(() => z.strictObject({ type: z.literal('hello'), userId: z.string() }));
/** The answer to the tab's `ping`. */
export const pongPushSchema = lazySchema(() => z.strictObject({ type: z.literal('pong') }));
/** This tab's session ended (signed out here or elsewhere); the socket closes with 4401. */
export const signedOutPushSchema = lazySchema(() => z.strictObject({ type: z.literal('signed-out') }));
/** Pushes meant for this tab may have been missed (the server's bus reconnected): refetch every query. */
export const resyncPushSchema = lazySchema(() => z.strictObject({ type: z.literal('resync') }));

export const pushMessageSchema = lazySchema(() => z.discriminatedUnion('type', [
  invalidatePushSchema,
  adventureStartedPushSchema,
  adventureCompletedPushSchema,
  craftCompletedPushSchema,
  achievementUnlockedPushSchema,
  battlePassRewardPushSchema,
  giftReceivedPushSchema,
  auctionSoldPushSchema,
  storeRefreshedPushSchema,
  presencePushSchema,
  helloPushSchema,
  pongPushSchema,
  signedOutPushSchema,
  resyncPushSchema,
  chatMessagePushSchema,
  friendRequestPushSchema,
  directMessagePushSchema,
  moderationNoticePushSchema,
]));
export type PushMessage = z.infer<typeof pushMessageSchema>;
export type PushType = PushMessage['type'];
/** The push of one type: `PushOf<'craft-completed'>`. */
export type PushOf<T extends PushType> = Extract<PushMessage, { type: T }>;
