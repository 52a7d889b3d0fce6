import { isIPv6 } from 'node:net';
import type { Db } from '../db/client.ts';
import { countAttempt, deleteCountersBefore } from '../db/queries/rate-limits.ts';
import { HttpError } from './errors.ts';
import { SLOW_DOWN, THROTTLE_TEXTS } from '@rpg/game';

export interface LimitRule {
  /** How many attempts a key may make per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server process shares them.
 * Returns the seconds to wait, or 0 when the attempt is allowed. One atomic
 * upsert per key: no read-modify-write across awaits.
 */
export async function hit(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const row = await countAttempt(db, key, now, windowStart);
  if (!row || row.count <= rule.max) return 0;
  return Math.max(1, Math.ceil((row.windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}

/**
 * The limits of one account route (docs/security.md, Limits). `ip`: per client address (an IPv6
 * address by its /64). `addressIp`: per e-mail address from one client address, the strict one.
 * `address`: per e-mail address from anywhere, looser, so that a stranger cannot lock a player out
 * from their own network (OWASP ASVS V6: throttle per account and per address together, no hard
 * lock); it still bounds what many addresses together can try against one account.
 */
export interface AuthLimit {
  ip: LimitRule;
  addressIp?: LimitRule;
  address: LimitRule;
}

/** Per-IP and per-address limits of the account routes (issue: sign-in, sign-up, code checks, verification mails). */
export const AUTH_LIMITS: Record<string, AuthLimit> = {
  '/sign-in/email': { ip: { max: 30, windowSeconds: 300 }, addressIp: { max: 10, windowSeconds: 300 }, address: { max: 50, windowSeconds: 300 } },
  '/sign-up/email': { ip: { max: 20, windowSeconds: 600 }, addressIp: { max: 5, windowSeconds: 600 }, address: { max: 20, windowSeconds: 600 } },
  '/email-otp/verify-email': { ip: { max: 30, windowSeconds: 300 }, addressIp: { max: 10, windowSeconds: 300 }, address: { max: 30, windowSeconds: 300 } },
  '/email-otp/send-verification-otp': {
    ip: { max: 10, windowSeconds: 600 },
    addressIp: { max: 3, windowSeconds: 300 },
    address: { max: 10, windowSeconds: 1800 },
  },
  '/send-verification-email': { ip: { max: 10, windowSeconds: 600 }, addressIp: { max: 3, windowSeconds: 300 }, address: { max: 10, windowSeconds: 1800 } },
  // Issue 43: a reset mail per address as rarely as a verification mail; a reset code checked as
  // often as a verification code (each code also allows 5 wrong tries, then a new mail is needed).
  '/email-otp/request-password-reset': {
    ip: { max: 10, windowSeconds: 600 },
    addressIp: { max: 3, windowSeconds: 300 },
    address: { max: 10, windowSeconds: 1800 },
  },
  '/email-otp/reset-password': { ip: { max: 30, windowSeconds: 300 }, addressIp: { max: 10, windowSeconds: 300 }, address: { max: 30, windowSeconds: 300 } },
  // Per signed-in account: only its owner can count against it.
  '/change-password': { ip: { max: 20, windowSeconds: 600 }, address: { max: 10, windowSeconds: 600 } },
};

/** The backstop for every other POST under /api/auth/* (sign-out, session revocation). */
export const DEFAULT_AUTH_LIMIT: AuthLimit = { ip: { max: 60, windowSeconds: 300 }, address: { max: 20, windowSeconds: 300 } };

/** The counters one account-route attempt counts against, in the order they are checked. */
export function authLimitKeys(limit: AuthLimit, bucket: string, ip: string, email: string | undefined, factor: number): Array<[string, LimitRule]> {
  const client = addressKey(ip);
  const keys: Array<[string, LimitRule]> = [[`ip:${client}:${bucket}`, scaleRule(limit.ip, factor)]];
  if (email && limit.addressIp) keys.push([`address-ip:${email}:${client}:${bucket}`, scaleRule(limit.addressIp, factor)]);
  if (email) keys.push([`address:${email}:${bucket}`, scaleRule(limit.address, factor)]);
  return keys;
}

/**
 * The counters already over their limit, in this process, until their window ends: an attempt
 * against one is refused here, without touching the database (issue 25: every refused attempt
 * wrote to the shared table). Each process learns of a full window at its first refusal there
 * (one write), so the shared table still bounds what all processes together allow. At most
 * `maxEntries` counters are remembered (the ended ones dropped first, then the oldest): one
 * forgotten costs one write more, never an attempt more.
 */
export class FullWindows {
  private readonly until = new Map<string, number>();

  constructor(private readonly maxEntries = 50_000) {}

  /** Seconds to wait while `key` is known to be full, else 0. */
  wait(key: string, now = Date.now()): number {
    const end = this.until.get(key);
    if (end === undefined) return 0;
    if (end <= now) {
      this.until.delete(key);
      return 0;
    }
    return Math.max(1, Math.ceil((end - now) / 1000));
  }

  /** `key` refused with `seconds` to wait. */
  full(key: string, seconds: number, now = Date.now()): void {
    if (this.until.size >= this.maxEntries) {
      for (const [k, end] of this.until) if (end <= now) this.until.delete(k);
      for (const k of this.until.keys()) {
        if (this.until.size < this.maxEntries) break;
        this.until.delete(k);
      }
    }
    this.until.set(key, now + seconds * 1000);
  }

  get size(): number {
    return this.until.size;
  }
}

/**
 * Counts one attempt against each counter in order (the shared table), refusing at the first that
 * is full: the seconds to wait, or 0. A counter this process already saw full refuses without a
 * write (`FullWindows`); the checks of the later counters are then not counted either.
 */
export async function hitAll(db: Db, full: FullWindows, keys: ReadonlyArray<[string, LimitRule]>, now = new Date()): Promise<number> {
  for (const [key] of keys) {
    const wait = full.wait(key, now.getTime());
    if (wait > 0) return wait;
  }
  for (const [key, rule] of keys) {
    const wait = await hit(db, key, rule, now);
    if (wait > 0) {
      full.full(key, wait, now.getTime());
      return wait;
    }
  }
  return 0;
}

/**
 * The per-address key of a client: an IPv4 address whole, an IPv6 address by its /64 (a
 * subscriber's prefix: one home or host holds the whole /64, so a limit on the full address
 * was walked around by changing the last 64 bits). An IPv4-mapped IPv6 address is its IPv4.
 */
export function addressKey(ip: string): string {
  const bare = (ip.split('%')[0] ?? ip).toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  // A dotted IPv4 tail stands for two groups.
  const lastGroups = last.length + (last.at(-1)?.includes('.') ? 1 : 0);
  const groups = tail === undefined ? first : [...first, ...Array<string>(Math.max(0, 8 - first.length - lastGroups)).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The general limit of every /api request (and unmatched path): per signed-in account, per
 * client address (IPv6 /64) before sign-in. Each process counts its own (docs/security.md).
 */
export const GENERAL_LIMIT: LimitRule = { max: 600, windowSeconds: 60 };

/**
 * Per-player throttles (docs/decisions/moderation.md, "Per-player throttles"; docs/security.md): the social actions, the writes
 * every other player sees, and the reads whose cost grows with the number of players, counted
 * per account in the shared fixed windows (scaled by RATE_LIMIT_FACTOR like the rest).
 */
export const PLAYER_LIMITS = {
  friendRequests: { rule: { max: 20, windowSeconds: 600 }, message: THROTTLE_TEXTS.friendRequests },
  directMessages: { rule: { max: 10, windowSeconds: 10 }, message: THROTTLE_TEXTS.directMessages },
  /** Issue 25: every image upload (avatar, banner, post image, character avatar and background). */
  uploads: { rule: { max: 30, windowSeconds: 600 }, message: THROTTLE_TEXTS.uploads },
  posts: { rule: { max: 20, windowSeconds: 600 }, message: THROTTLE_TEXTS.posts },
  comments: { rule: { max: 60, windowSeconds: 600 }, message: THROTTLE_TEXTS.comments },
  likes: { rule: { max: 120, windowSeconds: 300 }, message: THROTTLE_TEXTS.likes },
  listings: { rule: { max: 60, windowSeconds: 600 }, message: THROTTLE_TEXTS.listings },
  reports: { rule: { max: 30, windowSeconds: 600 }, message: THROTTLE_TEXTS.reports },
  gifts: { rule: { max: 30, windowSeconds: 600 }, message: THROTTLE_TEXTS.gifts },
  userSearch: { rule: { max: 120, windowSeconds: 60 }, message: THROTTLE_TEXTS.userSearch },
  friendSuggestions: { rule: { max: 30, windowSeconds: 60 }, message: THROTTLE_TEXTS.friendSuggestions },
  leaderboards: { rule: { max: 60, windowSeconds: 60 }, message: THROTTLE_TEXTS.leaderboards },
  /**
   * Issue 46: poker hands started (/poker), at a person's pace: reading two cards and the board
   * takes a person seconds a hand, a script none. Per account, so more characters add nothing.
   */
  pokerHands: { rule: { max: 8, windowSeconds: 60 }, message: THROTTLE_TEXTS.pokerHands },
  /** Issue 43: the password typed to delete the account (a stolen session cannot guess it fast). */
  accountDeletion: { rule: { max: 5, windowSeconds: 600 }, message: THROTTLE_TEXTS.accountDeletion },
  /** Issue 43: "Download my data" reads every row of the account. */
  dataExport: { rule: { max: 3, windowSeconds: 3600 }, message: THROTTLE_TEXTS.dataExport },
  /** Issue 43: ending one device's session. */
  sessionRevocations: { rule: { max: 30, windowSeconds: 600 }, message: THROTTLE_TEXTS.sessionRevocations },
} as const satisfies Record<string, { rule: LimitRule; message: string }>;

export type PlayerLimit = keyof typeof PLAYER_LIMITS;

/** The counter key of one player's limit (a test may fill it). */
export const playerLimitKey = (limit: PlayerLimit, userId: string) => `player:${userId}:${limit}`;

/** Each database's full player windows (one per app: tests run several apps in one process). */
const playerFull = new WeakMap<Db, FullWindows>();

/** Counts one attempt of `limit` by the player; over the limit it refuses with 429, the limit's message and Retry-After. */
export async function throttlePlayer(db: Db, limit: PlayerLimit, userId: string, factor: number, now = new Date()): Promise<void> {
  const { rule, message } = PLAYER_LIMITS[limit];
  let full = playerFull.get(db);
  if (!full) playerFull.set(db, (full = new FullWindows()));
  const wait = await hitAll(db, full, [[playerLimitKey(limit, userId), scaleRule(rule, factor)]], now);
  if (wait > 0) throw new HttpError(429, 'rate_limited', message, SLOW_DOWN, wait);
}

/** Rows older than this are no longer part of any window (the longest is 30 minutes). */
export const RATE_LIMIT_RETENTION_SECONDS = 60 * 60;

const EMAIL = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]{1,189}$/u;

/**
 * The per-address key of an e-mail as sent: lower-cased, or undefined when it is not a
 * plausible address (such a request is refused later and counts against the IP only).
 */
export function emailKey(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

/** Deletes the counters whose window ended long ago (the table would otherwise grow with every address tried). */
export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_RETENTION_SECONDS * 1000);
  return deleteCountersBefore(db, cutoff);
}

export function scaleRule(rule: LimitRule, factor: number): LimitRule {
  return { ...rule, max: Math.max(1, Math.round(rule.max * factor)) };
}

/** PRUNE_EVERY_MS: how often each process deletes ended rate-limit windows (idempotent, so several processes may). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** A scheduler task that keeps the rate_limits table to the windows still running. */
export function rateLimitPruner(db: Db, log: { error(o: object, m?: string): void }) {
  let next = new Date(Date.now() + PRUNE_EVERY_MS);
  return {
    name: 'rate-limit-prune',
    async nextDue() {
      return next;
    },
    async settleDue(now: Date) {
      if (now < next) return 0;
      next = new Date(now.getTime() + PRUNE_EVERY_MS);
      return pruneRateLimits(db, now).catch((error: unknown) => {
        log.error({ err: error }, 'pruning rate limits failed');
        return 0;
      });
    },
  };
}
