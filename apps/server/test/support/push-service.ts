import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/**
 * A push service on 127.0.0.1 for the tests, and the device behind it: it holds a subscription's
 * private key and auth secret, answers each POST with the status asked of it, and decrypts what
 * the game sent (RFC 8291 Web Push encryption in RFC 8188 aes128gcm content coding).
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushDevice {
  /** What PushSubscription.toJSON() gives a page: POST it to /api/push/subscriptions. */
  subscription(path?: string): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The status the endpoint at `path` answers (201 unless set). */
  answer(path: string, status: number): void;
  /** The next push at `path` (waits up to `timeoutMs`). */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  decrypt(body: Buffer): string;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the keys from the device's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, devicePrivateKey: Buffer, devicePublicKey: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(devicePrivateKey);
  const shared = ecdh.computeSecret(serverPublicKey);
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), devicePublicKey, serverPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushDevice(): Promise<PushDevice> {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiting: Array<{ path: string; resolve: (push: ReceivedPush) => void }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      response.writeHead(statuses.get(push.path) ?? 201).end();
      for (const [i, w] of waiting.entries()) {
        if (w.path !== push.path) continue;
        waiting.splice(i, 1);
        w.resolve(push);
        break;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const seen = new Map<string, number>();
  return {
    received,
    subscription: (path = '/push/device-1') => ({
      endpoint: `http://127.0.0.1:${port}${path}`,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    answer: (path, status) => void statuses.set(path, status),
    next(path, timeoutMs = 10_000) {
      const index = seen.get(path) ?? 0;
      const already = received.filter((r) => r.path === path)[index];
      seen.set(path, index + 1);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push at ${path} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ path, resolve: (push) => (clearTimeout(timer), resolve(push)) });
      });
    },
    decrypt: (body) => decryptAes128gcm(body, privateKey, publicKey, authSecret),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
