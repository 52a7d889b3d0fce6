import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The session-signing secret: AUTH_SECRET when set, otherwise one generated on
 * first start and kept in DATA_DIR (so sessions survive a restart and every
 * process on the same data folder agrees).
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600, flag: 'w' });
  return secret;
}

export interface VapidKeys {
  /** base64url, uncompressed P-256 point: the applicationServerKey browsers subscribe with. */
  publicKey: string;
  privateKey: string;
}

/**
 * Issue 44: the server's VAPID key pair for Web Push, generated on first start into
 * DATA_DIR/vapid-keys.json. Written with an exclusive create: when two processes on one data
 * folder start together, the first file wins and both use it.
 */
export function resolveVapidKeys(dataDir: string, generate: () => VapidKeys): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = (): VapidKeys | null => {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
      return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
        ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
        : null;
    } catch {
      return null;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const keys = generate();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    const other = (error as NodeJS.ErrnoException).code === 'EEXIST' ? read() : null;
    if (!other) throw error;
    return other;
  }
}
