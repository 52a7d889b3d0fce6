/**
 * Issue 44: the notices of timers that end (which the player wants), the device's Web Push
 * subscription, and the notification inbox (the events that were passing toasts).
 */
import { SOCIAL_TEXT } from '@rpg/game';
import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { text } from './input.ts';
import type { PushOf } from './push.ts';

/** Which ends the player hears about: in every tab (title, icon, sound, desktop notice) and by Web Push. */
export const noticeSettingsSchema = lazySchema(() =>
  z.strictObject({
    adventures: z.boolean(),
    crafts: z.boolean(),
    restock: z.boolean(),
  }),
);
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;
export type NoticeKind = keyof NoticeSettings;
export const NOTICE_KINDS: readonly NoticeKind[] = ['adventures', 'crafts', 'restock'];
export const NOTICE_DEFAULTS: Readonly<NoticeSettings> = { adventures: true, crafts: true, restock: true };

/** PUT /api/notices/settings: any of the three; the others stay. */
export const noticeSettingsBodySchema = lazySchema(() =>
  z.strictObject({
    adventures: z.boolean().optional(),
    crafts: z.boolean().optional(),
    restock: z.boolean().optional(),
  }),
);

/** GET /api/push/key: the server's VAPID public key (base64url), the applicationServerKey of a subscription. */
export const pushKeySchema = lazySchema(() => z.strictObject({ publicKey: z.string() }));

const base64url = (max: number) => text(max).regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** POST /api/push/subscriptions: PushSubscription.toJSON() of this device (expirationTime ignored). */
export const pushSubscriptionBodySchema = lazySchema(() =>
  z.object({
    endpoint: text(2048).url('must be a URL'),
    expirationTime: z.number().nullish(),
    keys: z.strictObject({ p256dh: base64url(200), auth: base64url(64) }),
  }),
);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscriptions: this device stops receiving pushes. */
export const pushUnsubscribeBodySchema = lazySchema(() => z.strictObject({ endpoint: text(2048) }));

/** The text a Web Push carries (the service worker shows it as a notification). */
export const webPushPayloadSchema = lazySchema(() =>
  z.strictObject({
    title: z.string(),
    body: z.string(),
    /** One notification per event: a newer one with the same tag replaces it. */
    tag: z.string(),
    /** The page a click opens. */
    url: z.string(),
  }),
);
export type WebPushPayload = z.infer<typeof webPushPayloadSchema>;

export const INBOX_KINDS = ['gift', 'sale', 'friend-request', 'moderation', 'battle-pass'] as const;
export type InboxKindName = (typeof INBOX_KINDS)[number];

export const inboxEntrySchema = lazySchema(() =>
  z.strictObject({
    id: z.string(),
    kind: z.enum(INBOX_KINDS),
    title: z.string(),
    body: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  }),
);
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

/** GET /api/inbox: the newest entries and how many are unread (the bell's badge). */
export const inboxSchema = lazySchema(() =>
  z.strictObject({
    entries: z.array(inboxEntrySchema),
    unread: z.number().int(),
  }),
);
export type Inbox = z.infer<typeof inboxSchema>;

/** POST /api/inbox/read: these entries read, or every one (`all`). */
export const inboxReadBodySchema = lazySchema(() =>
  z.union([z.strictObject({ ids: z.array(z.string().uuid('must be an entry id')).min(1).max(100) }), z.strictObject({ all: z.literal(true) })]),
);

/** The pushes whose toast is also kept in the inbox. */
type InboxPush = PushOf<'gift-received' | 'auction-sold' | 'friend-request' | 'moderation-notice' | 'battle-pass-reward'>;

/**
 * The inbox entry of a push (its toast's title and text, one home for both): the server writes it
 * in the event's transaction, the web shows the toast with the same words.
 */
export function inboxTextOf(push: InboxPush): { kind: InboxKindName; title: string; body: string } {
  switch (push.type) {
    case 'gift-received':
      return { kind: 'gift', title: 'Gift Received', body: push.message };
    case 'auction-sold':
      return { kind: 'sale', title: 'Item Sold!', body: push.message };
    case 'friend-request':
      return { kind: 'friend-request', title: SOCIAL_TEXT.newFriendRequest, body: `${push.from.username} wants to be your friend.` };
    case 'moderation-notice':
      return { kind: 'moderation', title: push.title, body: push.description };
    case 'battle-pass-reward':
      return { kind: 'battle-pass', title: 'Level Up Reward!', body: `You unlocked: ${push.itemName}` };
  }
}
