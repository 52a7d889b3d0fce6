import {
  emptyQuery,
  inboxReadBodySchema,
  inboxSchema,
  noticeSettingsBodySchema,
  noticeSettingsSchema,
  okResponseSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  queryKeys,
  type Inbox,
  type NoticeSettings,
} from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { deletePushSubscription, markInboxRead, readInbox, readNoticeSettings, saveNoticeSettings, savePushSubscription } from '../db/queries/notices.ts';
import { REQUEST_TEXTS } from '@rpg/game';
import { HttpError } from '../http/errors.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { pusher } from '../realtime/notify.ts';

export interface NoticeRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  hub: RealtimeHub;
  /** The VAPID public key browsers subscribe with. */
  vapidPublicKey: string;
  /** Outside production a push endpoint may be plain http (the tests' local push service). */
  allowHttpEndpoints: boolean;
}

/**
 * Issue 44: GET/PUT /api/notices/settings (which timers' ends are told, every tab live), the
 * device's Web Push subscription (GET /api/push/key, POST/DELETE /api/push/subscriptions), and the
 * inbox (GET /api/inbox, POST /api/inbox/read).
 */
export async function noticeRoutes(app: FastifyInstance, { db, guard, hub, vapidPublicKey, allowHttpEndpoints }: NoticeRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notices/settings',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: noticeSettingsSchema } } },
    async (request): Promise<NoticeSettings> => readNoticeSettings(db, player(request).userId),
  );

  api.put(
    '/api/notices/settings',
    { onRequest: guard, schema: { body: noticeSettingsBodySchema, response: { 200: noticeSettingsSchema } } },
    async (request): Promise<NoticeSettings> => {
      const { userId } = player(request);
      const saved = await saveNoticeSettings(db, userId, request.body);
      pusher(hub, request.log).invalidate(userId, [queryKeys.noticeSettings]);
      return saved;
    },
  );

  api.get('/api/push/key', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: pushKeySchema } } }, async () => ({
    publicKey: vapidPublicKey,
  }));

  api.post(
    '/api/push/subscriptions',
    { onRequest: guard, schema: { body: pushSubscriptionBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const { userId } = player(request);
      const { endpoint, keys } = request.body;
      const protocol = new URL(endpoint).protocol;
      if (protocol !== 'https:' && !(allowHttpEndpoints && protocol === 'http:')) throw new HttpError(400, 'invalid_input', REQUEST_TEXTS.httpsEndpoint);
      await savePushSubscription(db, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return { ok: true as const };
    },
  );

  api.delete(
    '/api/push/subscriptions',
    { onRequest: guard, schema: { body: pushUnsubscribeBodySchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await deletePushSubscription(db, player(request).userId, request.body.endpoint);
      return { ok: true as const };
    },
  );

  api.get('/api/inbox', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: inboxSchema } } }, async (request): Promise<Inbox> => {
    const { entries, unread } = await readInbox(db, player(request).userId);
    return {
      unread,
      entries: entries.map(({ id, kind, title, body, createdAt, readAt }) => ({
        id,
        kind,
        title,
        body,
        createdAt: createdAt.toISOString(),
        read: readAt !== null,
      })),
    };
  });

  api.post('/api/inbox/read', { onRequest: guard, schema: { body: inboxReadBodySchema, response: { 200: okResponseSchema } } }, async (request) => {
    const { userId } = player(request);
    const body = request.body;
    const changed = await markInboxRead(db, userId, 'all' in body ? 'all' : body.ids);
    if (changed > 0) pusher(hub, request.log).invalidate(userId, [queryKeys.inbox]);
    return { ok: true as const };
  });
}
