import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { queryKeys } from '@rpg/contract';
import { createAuth, type Auth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { embeddedMaintenance } from './db/maintenance.ts';
import { HttpError, registerErrorHandler } from './http/errors.ts';
import { registerGracefulStop } from './http/graceful-stop.ts';
import { registerIdempotency, replay } from './http/idempotency.ts';
import { metricsLoopbackOpen, registerMetrics } from './http/metrics.ts';
import { isLoopbackHost, PUBLIC_URL_HINT, registerOriginCheck } from './http/origin.ts';
import { addressKey, GENERAL_LIMIT, rateLimitPruner, scaleRule, throttlePlayer } from './http/rateLimit.ts';
import { docsRoute, registerSchemas } from './http/schema.ts';
import { inlineScriptHashes, registerSecurityHeaders } from './http/security-headers.ts';
import { player, readSession, requireUser, SessionCache } from './http/session.ts';
import { registerRequestLog, requestLog } from './http/request-log.ts';
import { MAX_IMAGE_BYTES, serveUploads } from './http/uploads.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { createLocalBus, createPgBus, type Bus } from './realtime/bus.ts';
import { dbStore } from './realtime/db-store.ts';
import { routeUpgrades } from './realtime/upgrade.ts';
import { ForkedGateway } from './realtime/gateway-fork.ts';
import { inlineGateway, RealtimeHub } from './realtime/hub.ts';
import { ReadCaches } from './services/read-caches.ts';
import { accountRoutes, devRoutes } from './routes/account.ts';
import { accountLifecycleRoutes } from './routes/account-lifecycle.ts';
import { touchSession } from './db/queries/accounts.ts';
import { devGrantRoutes } from './routes/dev-grants.ts';
import { deleteSessions, suspensionOf } from './db/queries/moderation.ts';
import { isSuspended, REQUEST_TEXTS, SLOW_DOWN, tooManyRequestsWait } from '@rpg/game';
import { authRoutes } from './routes/auth.ts';
import { characterImageRoutes, characterRoutes } from './routes/characters/index.ts';
import { healthRoutes, type Lifecycle } from './routes/health.ts';
import { realtimeRoutes } from './routes/realtime.ts';
import { resolveSecret, resolveVapidKeys } from './secret.ts';
import type { CommandTable } from './commands/registry.ts';
import { buildCommandTable } from './commands/table.ts';
import { consoleRoutes } from './routes/console.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { adventureRoutes } from './routes/adventures.ts';
import { AdventureSettlement } from './services/adventures/settlement.ts';
import { recipeScrollDrops } from './services/crafting-drops.ts';
import { casinoRoutes } from './routes/casino.ts';
import { craftingRoutes } from './routes/crafting.ts';
import { craftSettler } from './services/crafting.ts';
import { generateVapidKeys, vapidSubject, WebPushSender } from './services/web-push.ts';
import { noticeRoutes } from './routes/notices.ts';
import { inventoryRoutes } from './routes/inventory.ts';
import { storeRoutes } from './routes/store.ts';
import { firstHourRoutes } from './routes/first-hour.ts';
import { achievementRoutes } from './routes/achievements.ts';
import { giftRoutes } from './routes/gifts.ts';
import { announceAchievements, recordPresence } from './services/achievements.ts';
import { playTimeCounter } from './services/play-time.ts';
import { pusher } from './realtime/notify.ts';
import { skillRoutes } from './routes/skills.ts';
import { leaderboardRoutes } from './routes/leaderboards.ts';
import { profileImageRoutes, socialRoutes } from './routes/social.ts';
import { retentionPruner } from './scheduler/retention.ts';
import { storeRefreshSettler } from './scheduler/storeRefresh.ts';
import { worldPushSettler } from './services/world.ts';
import { worldRoutes } from './routes/world.ts';
import { auctionRoutes } from './routes/auction.ts';
import { auctionExpirySettler } from './services/auction.ts';
import { postImageRoutes, postRoutes } from './routes/posts.ts';
import { chatRoutes } from './routes/chat.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { pendingPostImageSweeper, uploadVisibility } from './services/uploads.ts';

export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  hub: RealtimeHub;
  bus: Bus;
  /** The shared reads' caches of this process (services/read-caches.ts). */
  reads: ReadCaches;
  scheduler: Scheduler;
  commands: CommandTable;
  /** Settles adventures (scheduler and reads) and brings mana up to date. */
  adventures: AdventureSettlement;
  /** Shutting down: /api/ready answers 503 (main.ts sets it at SIGTERM, before its drain). */
  lifecycle: Lifecycle;
  /** Ends a player's cached sessions here and in every process, and closes their tabs (a deletion, a suspension). */
  revokeSessions: (userId: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Replace the mailer (tests). */
  mailer?: Mailer;
  /** Replace the push bus (tests: a bus whose publish fails). */
  bus?: Bus;
  /** Where the log lines go (tests read them); stdout by default. */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, database, mailer: mailerOverride, bus: busOverride, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // No proxy is trusted unless TRUST_PROXY says so: X-Forwarded-For from a client is not its address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Unique across processes and restarts (Fastify's default counts from req-1 in each process):
    // every log line of a request carries it (reqId), and a 500 answers it (http/errors.ts).
    genReqId: () => randomBytes(8).toString('hex'),
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // While closing, requests on connections accepted before are served; the others are answered
    // 503 with Retry-After by the graceful stop's hook (http/graceful-stop.ts), not Fastify's bare 503.
    return503OnClosing: false,
  });
  // First of the hooks: a part built once (auth, the settlement) logs a request's lines with its id.
  registerRequestLog(app);
  // Second: a stop serves what it accepted and answers the rest 503 with a retry.
  const gracefulStop = registerGracefulStop(app);
  const requestAwareLog = requestLog(app.log);
  const { db } = database;
  const mailer =
    mailerOverride ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, app.log, config.nodeEnv !== 'test'));
  const bus = busOverride ?? (database.pool ? await createPgBus(database.pool, app.log) : createLocalBus());
  // The tabs' sockets and their fan-out: in this process, or in a child process of its own (RPG_GATEWAY, docs/decisions/gateway.md).
  const store = dbStore(db);
  const gateway = config.gateway === 'process' ? new ForkedGateway(store, (message) => bus.publish(message), app.log) : inlineGateway(store, bus, app.log);
  const hub = new RealtimeHub(bus, store, gateway);
  // The hot shared reads (the chat, the boards' tops), dropped by every process's writes through the bus.
  const reads = new ReadCaches(bus);
  // Every push from here on (sign-in and sign-out, the store's restock, play time) goes through the pusher, which logs a failure (with the request id when a request is serving).
  const push = pusher(hub, requestAwareLog);
  const secret = resolveSecret(config.authSecret, config.dataDir);
  const originPolicy = { trustedOrigins: config.trustedOrigins, allowSameHost: !config.publicUrlFixed };
  const auth = createAuth({
    config,
    db,
    mailer,
    secret,
    log: requestAwareLog,
    originPolicy,
    events: {
      onSignedIn: (userId) => {
        push.broadcast({ type: 'presence', userId, isOnline: true, lastSeen: new Date().toISOString() });
        // The settings screen's devices list, in every open tab (issue 43).
        push.invalidate(userId, [queryKeys.sessions]);
      },
      // The cache is evicted here before the answer: the bus's echo (a NOTIFY round trip on
      // PostgreSQL) could come after the player's next request.
      onSessionsRevoked: (userId) => {
        sessions.evictUser(userId);
        push.revalidateUser(userId);
        push.invalidate(userId, [queryKeys.sessions]);
      },
      onSignedOut: (userId, sessionId) => {
        sessions.evictSession(sessionId);
        push.endSession(sessionId);
        push.broadcast({ type: 'presence', userId, isOnline: false, lastSeen: new Date().toISOString() });
        push.invalidate(userId, [queryKeys.sessions]);
      },
    },
  });
  // The session cache reads the very cookie better-auth reads: its name from better-auth's own context.
  // A session read from the database is checked for a suspension too (issue 46, point 6): one a
  // sign-in made while a suspension was written is ended at its first use, its tabs closed.
  const admit = async (userId: string) => {
    if (!isSuspended(await suspensionOf(db, userId), new Date())) return true;
    if ((await deleteSessions(db, userId)) > 0) {
      sessions.evictUser(userId);
      push.revalidateUser(userId);
    }
    return false;
  };
  const sessions = new SessionCache(config.sessionCacheMs, (await auth.$context).authCookies.sessionToken.name, undefined, admit);
  // A session read from the database (at most once per cache period): its "last seen" on the devices list.
  sessions.onRead = (sessionId) => {
    touchSession(db, sessionId).catch((error: unknown) => app.log.error({ err: error }, 'recording a session as seen failed'));
  };
  const scheduler = new Scheduler(app.log);
  // Issue 44: Web Push of the timers' ends to the player's devices, with keys kept in DATA_DIR.
  const webPush = new WebPushSender({
    db,
    keys: resolveVapidKeys(config.dataDir, generateVapidKeys),
    subject: vapidSubject(config.publicUrl, config.mailFrom),
    openTabs: (userId) => hub.openTabs(userId),
    log: app.log,
  });
  const adventures = new AdventureSettlement({
    db,
    hub,
    timeScale: config.timeScale,
    log: requestAwareLog,
    dropOptions: { extraDrops: recipeScrollDrops },
    webPush,
  });
  scheduler.register(adventures);
  const catchUp = (userId: string) => adventures.catchUp(userId);
  const catchUpFrom = (...args: Parameters<AdventureSettlement['catchUpFrom']>) => adventures.catchUpFrom(...args);
  scheduler.register(craftSettler(db, hub, app.log, webPush));
  scheduler.register(storeRefreshSettler(push, config.storeTimeZone));
  scheduler.register(worldPushSettler((message) => hub.broadcastHere(message), config.timeScale));
  scheduler.register(auctionExpirySettler(db, hub, app.log));
  scheduler.register(rateLimitPruner(db, app.log));
  // Post images never posted are deleted an hour after their upload (issue 25).
  scheduler.register(pendingPostImageSweeper(db, config.dataDir, app.log));
  scheduler.register(retentionPruner(db, app.log, Date.now(), () => push.readsChanged({ chat: true })));
  // PostgreSQL vacuums and analyzes itself; the embedded database has no autovacuum (db/maintenance.ts).
  if (database.kind === 'pglite') scheduler.register(embeddedMaintenance(db, app.log));
  // Every command group of the console; /help is generated from this table.
  const commands = buildCommandTable({ scheduler });
  const lifecycle: Lifecycle = { shuttingDown: false };
  // Sessions ended by a deletion: as a suspension's (below), here before the answer and in every other process through the bus.
  const revokeSessions = (userId: string) => {
    sessions.evictUser(userId);
    push.revalidateUser(userId);
  };
  app.decorate('ctx', { config, database, auth, mailer, hub, bus, reads, scheduler, commands, adventures, lifecycle, revokeSessions });

  registerErrorHandler(app, { replay: (reply, repeated) => replay(db, reply, repeated) });
  // Every write accepts an Idempotency-Key: a retry with it answers the first answer (http/idempotency.ts).
  registerIdempotency(app, db);
  // Which process answered, when the operator names them (PROCESS_NAME; docs/operations.md).
  const { processName } = config;
  if (processName) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-process', processName);
    });
  }
  // Every answer, refusals, the web app's files and the uploads included (http/security-headers.ts).
  await registerSecurityHeaders(app, {
    scriptHashes: inlineScriptHashes(path.join(config.webDist, 'index.html')),
    https: config.publicUrl.startsWith('https://'),
  });
  // Zod route schemas, checked before any handler runs (http/schema.ts); before any route.
  registerSchemas(app);
  // Before the other routes: its onResponse hook times every one of them.
  const metrics = registerMetrics(app, {
    access: { token: config.metricsToken, loopbackOpen: metricsLoopbackOpen(config) },
    sources: { pool: database.connections, openSockets: () => hub.connectionCount, schedulerLagMs: () => scheduler.lagMs },
  });
  hub.onFlushed = (pushes, lag) => metrics.observePushes(pushes, lag);
  registerOriginCheck(app, originPolicy);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: scaleRule(GENERAL_LIMIT, config.rateLimitFactor).max,
    timeWindow: GENERAL_LIMIT.windowSeconds * 1000,
    // Counters kept per process (an LRU); a key pushed out starts a new window.
    cache: 50_000,
    // Per account once signed in (the guard has run on a game route; elsewhere the cached session
    // of the cookie), per client address (IPv6 by its /64) before: players behind one router do
    // not share a limit (issue 27, point 1).
    keyGenerator: (request) => {
      const cookie = request.signedIn ? undefined : sessions.cookieOf(request.headers);
      const userId = request.signedIn?.userId ?? (cookie ? sessions.get(cookie)?.userId : undefined);
      return userId ? `user:${userId}` : `ip:${addressKey(request.ip)}`;
    },
    // Answered by the error handler: 429, the wait in words, and Retry-After (set by the plugin).
    errorResponseBuilder: (_request, { ttl }) => {
      const seconds = Math.max(1, Math.ceil(ttl / 1000));
      return new HttpError(429, 'rate_limited', tooManyRequestsWait(seconds), SLOW_DOWN, seconds);
    },
    // Decided by the matched route, never the raw URL (which may spell /api/ as /%61pi/).
    // Unmatched paths (404s) are limited too; only the web app's and uploads' files are not.
    allowList: (request) => {
      const route = request.routeOptions.url;
      return route !== undefined && !route.startsWith('/api/');
    },
  });
  // Readiness turns 503 at the first preClose hook (SIGTERM, main.ts).
  await healthRoutes(app, { database, bus, lifecycle });
  // On close (SIGTERM): the timed work stops, and every tab is told the server restarts (1012)
  // while the database is open, so their presence is settled.
  app.addHook('preClose', async () => {
    await scheduler.stop();
    await hub.close();
  });
  // WebSocket upgrades are routed as requests (the rate limit applies), then handed to the gateway.
  routeUpgrades(app);

  // A sign-out or a revocation in another process evicts the cached sessions at once (this
  // process's own were evicted before its answer, in the auth events above). A bus that lost its
  // listener may have missed some: it says so with a resync, and every cached session is read again.
  bus.subscribe((message) => {
    if (message.kind === 'session-ended') sessions.evictSession(message.sessionId);
    else if (message.kind === 'revalidate-user') sessions.evictUser(message.userId);
    else if (message.kind === 'broadcast' && message.payload.type === 'resync') sessions.clear();
  });
  const guard = requireUser(auth, sessions);
  // Said once at start (and once more at the first refusal, routes/auth.ts): how to serve other addresses.
  if (!config.publicUrlFixed && !isLoopbackHost(config.host.includes(':') ? `[${config.host}]` : config.host)) app.log.warn(PUBLIC_URL_HINT);
  await authRoutes(app, { auth, db, publicUrl: config.publicUrl, publicUrlFixed: config.publicUrlFixed, rateLimitFactor: config.rateLimitFactor, sessions });
  await accountRoutes(app, { db, guard });
  await accountLifecycleRoutes(app, {
    db,
    auth,
    guard,
    sessions,
    push,
    dataDir: config.dataDir,
    legalDir: config.legalDir,
    rateLimitFactor: config.rateLimitFactor,
    revokeSessions,
  });
  const characterDeps = { db, guard, hub, dataDir: config.dataDir, catchUp, catchUpFrom };
  await characterRoutes(app, characterDeps);
  await consoleRoutes(app, { db, guard, hub, commands, config, catchUp, catchUpFrom, needsCatchUp: (state, now) => adventures.needsCatchUp(state, now) });
  await adventureRoutes(app, { db, guard, hub, config, scheduler, adventures });
  await casinoRoutes(app, { db, guard, hub });
  await craftingRoutes(app, { db, guard, hub, scheduler, timeScale: config.timeScale });
  await inventoryRoutes(app, { db, guard, hub, config });
  await storeRoutes(app, { db, guard, hub, config });
  await achievementRoutes(app, { db, guard, hub });
  await firstHourRoutes(app, { db, guard, hub, config });
  await giftRoutes(app, { db, guard, hub, rateLimitFactor: config.rateLimitFactor });
  await skillRoutes(app, { db, guard, hub, catchUpFrom });
  await leaderboardRoutes(app, { db, guard, reads, rateLimitFactor: config.rateLimitFactor });
  await worldRoutes(app, { guard, timeScale: config.timeScale });
  await socialRoutes(app, { db, guard, hub, rateLimitFactor: config.rateLimitFactor });
  await auctionRoutes(app, { db, guard, hub, config });
  await noticeRoutes(app, { db, guard, hub, vapidPublicKey: webPush.publicKey, allowHttpEndpoints: config.nodeEnv !== 'production' });
  await postRoutes(app, { db, guard, hub, dataDir: config.dataDir, rateLimitFactor: config.rateLimitFactor });
  // The uploads, the only routes that read multipart, in a scope of their own: @fastify/multipart adds
  // an onRequest and an onResponse hook to every route of its scope (docs/performance.md,
  // "Sessions, HTTP and start").
  await app.register(async (uploads) => {
    // Every multipart limit, not only the file's: an upload is one file field and nothing else,
    // so a request of many parts or large fields is refused before it is buffered (security).
    await uploads.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 64, parts: 5, headerPairs: 50 },
    });
    // Every upload (not the removals) counts against the player's upload rate (issue 25), before
    // its body is read; the routes' guard has run by then.
    uploads.addHook('preHandler', async (request) => {
      if (request.method === 'PUT' || request.method === 'POST') await throttlePlayer(db, 'uploads', player(request).userId, config.rateLimitFactor);
    });
    characterImageRoutes(uploads, characterDeps);
    await profileImageRoutes(uploads, { db, guard, hub, dataDir: config.dataDir });
    await postImageRoutes(uploads, { db, guard, dataDir: config.dataDir });
  });
  await chatRoutes(app, { db, guard, hub, reads, rateLimitFactor: config.rateLimitFactor });
  await moderationRoutes(app, {
    db,
    guard,
    hub,
    dataDir: config.dataDir,
    rateLimitFactor: config.rateLimitFactor,
    // A suspension: as a revocation (sign out everywhere) does.
    revokeSessions,
  });
  if (config.devOutbox) {
    app.log.warn('DEV_OUTBOX=1: GET /api/dev/outbox lets anyone read the mail (and codes) of any address. Never in production.');
    await devRoutes(app, { db });
  }
  if (config.devGrants) {
    app.log.warn('DEV_GRANTS=1: POST /api/dev/characters/:id/materials gives materials, POST /api/dev/roles any role to anyone. Never in production.');
    await devGrantRoutes(app, { db, guard, hub });
  }
  if (config.nodeEnv === 'development') docsRoute(app);
  await realtimeRoutes(app, { auth, hub, originPolicy, sessions });
  // A pending post image is shown to its uploader only: the session is read for those alone.
  await serveUploads(app, config.dataDir, (relative, request) =>
    uploadVisibility(db, async () => (await readSession(auth, request.headers, sessions))?.userId)(relative),
  );
  await serveWeb(app, config.webDist, config.nodeEnv !== 'test');

  hub.onPlayersSeen = playTimeCounter((userId) =>
    recordPresence(db, userId)
      .then((notice) => announceAchievements(push, userId, notice))
      .catch((error: unknown) => app.log.error({ err: error, userId }, 'counting play time failed')),
  );
  // A gateway process is ready before the server listens (its first upgrades would be answered 503).
  await hub.start();
  scheduler.start();
  app.addHook('onClose', async () => {
    await bus.close();
  });
  // The last preClose hook: the listener closes right after it.
  app.addHook('preClose', gracefulStop.lastBeforeListenerCloses);
  return app;
}

/** The built web app (precompressed at build), with long caching for hashed assets and index.html for client routes. */
async function serveWeb(app: FastifyInstance, webDist: string, warnIfMissing: boolean): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    if (warnIfMissing) app.log.warn(`web app not built (${index} missing): run npm run build`);
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not_found', message: REQUEST_TEXTS.notFound }));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // The build writes .br and .gz beside each asset; clients that accept them get those bytes.
    preCompressed: true,
    setHeaders(res, filePath) {
      const cache = filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
      res.header('cache-control', cache);
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ error: 'not_found', message: REQUEST_TEXTS.notFound });
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send({ error: 'not_found', message: REQUEST_TEXTS.notFound });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
