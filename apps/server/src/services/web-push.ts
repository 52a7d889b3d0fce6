import type { NoticeKind, WebPushPayload } from '@rpg/contract';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { dropPushSubscription, pushSubscriptionsOf, readNoticeSettings, type StoredSubscription } from '../db/queries/notices.ts';
import type { VapidKeys } from '../secret.ts';

interface Log {
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

/** How long a push service keeps an undelivered notice (a timer's end is old news after this). */
const TTL_SECONDS = 6 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface WebPushDeps {
  db: Db;
  keys: VapidKeys;
  /** mailto: or https: URL, the contact the push services see (VAPID `sub`). */
  subject: string;
  /** The player's open tabs on every process. */
  openTabs(userId: string): Promise<number>;
  log: Log;
}

/** The timers whose end is pushed to devices (the store's restock is told in open tabs only). */
export type PushedTimer = Extract<NoticeKind, 'adventures' | 'crafts'>;

/**
 * Issue 44 point 4: a timer of the player ended while no tab of theirs is open: each of their
 * devices gets a Web Push (RFC 8291, aes128gcm, VAPID). The settler that settled the row calls it
 * once, after its commit: the row is settled once across processes, so it is sent once.
 * The request is built by web-push (`generateRequestDetails`) and sent with fetch; a push service
 * that answers 404 or 410 no longer knows the subscription, which is deleted.
 */
export class WebPushSender {
  constructor(private readonly deps: WebPushDeps) {}

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  /** Never throws (a push never fails the work that made it); resolves when every device was tried. */
  async timerEnded(userId: string, kind: PushedTimer, payload: WebPushPayload): Promise<void> {
    const { db, log } = this.deps;
    try {
      if (!(await readNoticeSettings(db, userId))[kind]) return;
      if ((await this.deps.openTabs(userId)) > 0) return;
      const subscriptions = await pushSubscriptionsOf(db, userId);
      await Promise.all(subscriptions.map((sub) => this.send(sub, payload)));
    } catch (error) {
      log.error({ err: error, userId }, 'web push failed');
    }
  }

  private async send(sub: StoredSubscription, payload: WebPushPayload): Promise<void> {
    const { keys, subject, db, log } = this.deps;
    const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    try {
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) await dropPushSubscription(db, sub.id);
      else if (!answer.ok) log.warn({ status: answer.status, subscription: sub.id }, 'push service refused a web push');
    } catch (error) {
      log.warn({ err: error, subscription: sub.id }, 'web push not delivered');
    }
  }
}

/** A fresh VAPID key pair (resolveVapidKeys keeps it in DATA_DIR). */
export function generateVapidKeys() {
  return webpush.generateVAPIDKeys();
}

/** The VAPID contact: the https PUBLIC_URL, else the sender address of the mails. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
