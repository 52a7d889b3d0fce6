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
import { changedKeys, queryKeys, type QueryKey } from './query-keys.ts';
import { directMessagePushSchema, friendRequestPushSchema } from './social-push.ts';
import { worldChangedPushSchema } from './world.ts';

const instant = lazySchema(() => z.string());

/** Refetch these queries (`queryKeys` in query-keys.ts); every tab of the player gets it after a commit. */
export const invalidatePushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('invalidate'),
    queryKeys: z.array(z.array(z.string()).readonly()),
  }),
);
export type InvalidatePush = z.infer<typeof invalidatePushSchema>;

/** The `invalidate` push for these keys (each named once). */
export function invalidatePush(keys: readonly QueryKey[]): InvalidatePush {
  const unique = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return { type: 'invalidate', queryKeys: [...unique.values()] };
}

/** Spec 03 §4: the stores restocked (every tab; the web shows 'Store Refreshed!' once per window). */
export const storeRefreshedPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('store-refreshed'),
    windowStart: instant,
    nextRefresh: instant,
  }),
);
export type StoreRefreshedPush = z.infer<typeof storeRefreshedPushSchema>;

/** A player came online or went offline (every tab). */
export const presencePushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('presence'),
    userId: z.string(),
    isOnline: z.boolean(),
    lastSeen: instant,
  }),
);
export type PresencePush = z.infer<typeof presencePushSchema>;

/** The socket is open for this player. */
export const helloPushSchema = lazySchema(() => z.strictObject({ type: z.literal('hello'), userId: z.string() }));
/** The answer to the tab's `ping`. */
export const pongPushSchema = lazySchema(() => z.strictObject({ type: z.literal('pong') }));
/** This tab's session ended (signed out here or elsewhere); the socket closes with 4401. */
export const signedOutPushSchema = lazySchema(() => z.strictObject({ type: z.literal('signed-out') }));
/** Pushes meant for this tab may have been missed (the server's bus reconnected): refetch every query. */
export const resyncPushSchema = lazySchema(() => z.strictObject({ type: z.literal('resync') }));

export const pushMessageSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
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
    worldChangedPushSchema,
  ]),
);
export type PushMessage = z.infer<typeof pushMessageSchema>;
export type PushType = PushMessage['type'];
/** The push of one type: `PushOf<'craft-completed'>`. */
export type PushOf<T extends PushType> = Extract<PushMessage, { type: T }>;

/**
 * Issue 29: what a tab shows, told to the server: every query key its cache holds, the whole set
 * again whenever it changes (the web's `watch.ts`). A broadcast with topics (`broadcastTopics`)
 * then reaches the tab only when a key it holds and a topic are the same, or one lies under the
 * other; a tab that has not told gets every broadcast. A longer key part, or more keys, than
 * allowed is sent shortened: a shorter key matches more, never less.
 */
export const MAX_WATCHED_KEYS = 200;
export const MAX_WATCHED_KEY_PARTS = 6;
export const MAX_WATCHED_PART_LENGTH = 200;
/** The largest `watch` message (its JSON text, in bytes); the server closes a socket that sends more. */
export const MAX_WATCH_BYTES = 32 * 1024;
export const watchMessageSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('watch'),
    keys: z.array(z.array(z.string().max(MAX_WATCHED_PART_LENGTH)).min(1).max(MAX_WATCHED_KEY_PARTS)).max(MAX_WATCHED_KEYS),
  }),
);
export type WatchMessage = z.infer<typeof watchMessageSchema>;

/**
 * The query keys a broadcast concerns, for the tabs that said what they hold; undefined: every tab
 * (a toast, the store's restock). Each is what the web's handler of the push touches.
 */
export function broadcastTopics(payload: PushMessage): readonly QueryKey[] | undefined {
  switch (payload.type) {
    case 'invalidate':
      return payload.queryKeys;
    case 'chat-message':
      return [queryKeys.chat];
    case 'presence':
      return changedKeys.presence(payload.userId);
    case 'world-changed':
      return [queryKeys.world];
    default:
      return undefined;
  }
}
