import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RPG Adventure <no-reply@rpg-adventure.local>'),
  PUBLIC_URL: z.string().url().optional(),
  RPG_TIME_SCALE: z.coerce.number().positive().default(1),
  // Anything but exactly 'development' or 'test' (unset, empty, a typo) is production.
  NODE_ENV: z.string().optional(),
  /** '1' mounts GET /api/dev/outbox (development only, without SMTP_URL): anyone can read any address's mail. */
  DEV_OUTBOX: z.string().optional(),
  /** '1' mounts POST /api/dev/characters/:id/materials (development or test only): browser tests give a character crafting materials. */
  DEV_GRANTS: z.string().optional(),
  /** Proxy hops to trust for the client address: a hop count, or comma-separated addresses/CIDRs. Unset: none. */
  TRUST_PROXY: z.string().optional(),
  /** How long a verified session is reused without a database read (ms); revocations evict at once (docs/decisions/server.md, "Sessions on the server"). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  AUTH_SECRET: z.string().min(32).optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  STORE_TIMEZONE: z.string().default('UTC'),
  /** Issue 43: the folder of the host's terms.txt and privacy.txt (default DATA_DIR/legal); a missing file: the game's plain default. */
  LEGAL_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** Bearer token for GET /metrics from other hosts (Prometheus); without it only direct loopback requests read it. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where the tabs' sockets and their fan-out run: this process (inline) or a child process of its own (process). */
  RPG_GATEWAY: z.enum(['inline', 'process']).default('inline'),
  /** After SIGTERM, how long the server goes on serving while /api/ready answers 503, so a proxy's health check takes it out first (ms). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8_000).default(0),
  /** A name for this process (game1): every answer carries it as X-Process, to tell which process behind a proxy answered. Unset: no header. */
  PROCESS_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore (at most 64)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /**
   * PUBLIC_URL was set: only its origin counts as the game's. Unset: a request whose Origin
   * matches the Host it was sent to is same-origin too (127.0.0.1, a LAN address).
   */
  publicUrlFixed: boolean;
  /** Origins allowed to make state-changing requests (the public URL, plus Vite's dev server in development). */
  trustedOrigins: string[];
  timeScale: number;
  nodeEnv: 'development' | 'production' | 'test';
  /** GET /api/dev/outbox is mounted: NODE_ENV=development (or test), DEV_OUTBOX=1 and no SMTP_URL. */
  devOutbox: boolean;
  /** POST /api/dev/characters/:id/materials is mounted: NODE_ENV=development (or test) and DEV_GRANTS=1. */
  devGrants: boolean;
  /** Fastify's trustProxy: false (default), a hop count (as a function of the hop index), or a list of addresses/CIDRs. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  sessionCacheMs: number;
  authSecret: string | undefined;
  rateLimitFactor: number;
  storeTimeZone: string;
  /** LEGAL_DIR, or DATA_DIR/legal: terms.txt and privacy.txt (issue 43). */
  legalDir: string;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where the tabs' sockets and their fan-out run (realtime/hub.ts, docs/decisions/gateway.md). */
  gateway: 'inline' | 'process';
  shutdownDrainMs: number;
  metricsToken: string | undefined;
  /** PROCESS_NAME: sent as X-Process on every answer (unset: none). */
  processName: string | undefined;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty value (as .env.example leaves them) means "use the default".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${overrides.port ?? e.PORT}`).replace(/\/$/, '');
  const nodeEnv = overrides.nodeEnv ?? (e.NODE_ENV === 'development' || e.NODE_ENV === 'test' ? e.NODE_ENV : 'production');
  const smtpUrl = e.SMTP_URL || undefined;
  const trustedOrigins = [publicUrl];
  if (nodeEnv !== 'production') trustedOrigins.push('http://localhost:5173', 'http://127.0.0.1:5173');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl,
    mailFrom: e.MAIL_FROM,
    timeScale: e.RPG_TIME_SCALE,
    nodeEnv,
    authSecret: e.AUTH_SECRET,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    storeTimeZone: e.STORE_TIMEZONE,
    legalDir: path.resolve(e.LEGAL_DIR ?? path.join(e.DATA_DIR, 'legal')),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    gateway: e.RPG_GATEWAY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    processName: e.PROCESS_NAME,
    trustedOrigins,
    devOutbox: nodeEnv !== 'production' && e.DEV_OUTBOX === '1' && !smtpUrl,
    devGrants: nodeEnv !== 'production' && e.DEV_GRANTS === '1',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionCacheMs: e.SESSION_CACHE_MS,
    publicUrlFixed: Boolean(e.PUBLIC_URL),
    ...overrides,
    publicUrl,
  };
}

/** TRUST_PROXY: unset or empty trusts no proxy (the socket address is the client); a number is a hop count. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim();
  if (!text || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
