import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/**
 * Spec 03 §4 "A live incoming request shows the toast 'New Friend Request'": sent to every tab of
 * the player who was asked (an `invalidate` of the social keys follows it).
 */
export const friendRequestPushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('friend-request'),
    friendshipId: z.string(),
    from: z.strictObject({ id: z.string(), username: z.string() }),
  }),
);
export type FriendRequestPush = z.infer<typeof friendRequestPushSchema>;

/** DECISIONS §2: a direct message arrived (every tab of the receiver; an `invalidate` of the conversation follows it). */
export const directMessagePushSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal('direct-message'),
    messageId: z.string(),
    from: z.strictObject({ id: z.string(), username: z.string() }),
  }),
);
export type DirectMessagePush = z.infer<typeof directMessagePushSchema>;
