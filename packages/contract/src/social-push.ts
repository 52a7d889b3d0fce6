import { z } from 'zod';

/**
 * Spec 03 §4 "A live incoming request shows the toast 'New Friend Request'": sent to every tab of
 * the player who was asked (an `invalidate` of the social keys follows it).
 */
export const friendRequestPushSchema = z.strictObject({
  type: z.literal('friend-request'),
  friendshipId: z.string(),
  from: z.strictObject({ id: z.string(), username: z.string() }),
});
export type FriendRequestPush = z.infer<typeof friendRequestPushSchema>;
