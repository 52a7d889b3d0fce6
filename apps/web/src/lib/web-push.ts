import { okResponseSchema, pushKeySchema } from '@rpg/contract';
import { apiFetch } from './api';

/**
 * Issue 44 point 4: the service worker (public/sw.js: the shell cached, the API never, the Web
 * Push shown as a notification) and this device's push subscription, kept on the server.
 */
function worker(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
}

let registering: Promise<ServiceWorkerRegistration | null> | undefined;

/** Registers /sw.js once per page (the game frame does, after its first paint); null where unsupported. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  const container = worker();
  if (!container) return Promise.resolve(null);
  registering ??= container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.info('Service worker not registered:', error);
    return null;
  });
  return registering;
}

export type DevicePush = 'unsupported' | 'denied' | 'off' | 'on';

async function pushManager(): Promise<PushManager | null> {
  if (typeof window === 'undefined' || !('PushManager' in window)) return null;
  const registration = await registerServiceWorker();
  if (!registration) return null;
  await worker()!.ready;
  return registration.pushManager;
}

/** Whether this device receives the game's pushes (the browser's subscription is the truth). */
export async function devicePushState(): Promise<DevicePush> {
  const manager = await pushManager();
  if (!manager || typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await manager.getSubscription()) ? 'on' : 'off';
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

/**
 * Subscribes this device with the server's VAPID key and keeps the subscription on the server
 * (under the player signed in). Needs the notification permission granted.
 */
export async function subscribeThisDevice(): Promise<DevicePush> {
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const { publicKey } = await apiFetch('/api/push/key', pushKeySchema);
  const subscription = (await manager.getSubscription()) ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiFetch('/api/push/subscriptions', okResponseSchema, { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/** This device stops receiving pushes: dropped on the server, then in the browser. */
export async function unsubscribeThisDevice(): Promise<DevicePush> {
  const manager = await pushManager();
  const subscription = await manager?.getSubscription();
  if (subscription) {
    await apiFetch('/api/push/subscriptions', okResponseSchema, { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
