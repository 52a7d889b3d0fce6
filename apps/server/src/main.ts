import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { embeddedDatabaseIsNew, openDatabase } from './db/client.ts';
import { createFromTemplate } from './db/template.ts';
import { installProcessGuards } from './process-guards.ts';
import { PID_FILE } from './ops/backup.ts';
import { OPS_COMMANDS } from './ops/commands.ts';
import { startControlServer, type ControlServer } from './ops/control.ts';
import { pusher } from './realtime/notify.ts';

/**
 * A new embedded database is unpacked from the template built with the server (db/template.ts):
 * a fraction of a second, and then it opens as on a restart. Without a usable template it is
 * created with PGlite's initdb and the migrations, which grow the WebAssembly memory to ~800 MB
 * that a process never gives back (opening an existing one takes ~270 MB): so that is done by a
 * short-lived child process, and the server opens the result.
 */
const SETUP_FLAG = 'RPG_EMBEDDED_DB_SETUP';
const setupDir = process.env[SETUP_FLAG];
if (setupDir) {
  await (await openDatabase({ dataDir: setupDir })).close();
  process.exit(0);
}

async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? ''], { env: { ...process.env, [SETUP_FLAG]: dataDir }, stdio: 'inherit' });
    child.on('error', () => resolve(null));
    child.on('exit', resolve);
  });
  // If the child could not do it, the server creates the database itself (more memory, same result).
  if (code !== 0) console.warn(`[db] creating the embedded database in a child process failed (${code}); creating it here`);
}

const config = loadConfig();
if (!config.databaseUrl && embeddedDatabaseIsNew(config.dataDir)) {
  const notFromTemplate = createFromTemplate(config.dataDir);
  if (notFromTemplate) {
    console.warn(`[db] new embedded database without the template (${notFromTemplate}): creating it with initdb, which is slower`);
    await createEmbeddedDatabase(config.dataDir);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });
installProcessGuards(app.log);
// The embedded database is this process's: `npm run backup` refuses while this pid is alive.
const pidFile = database.kind === 'pglite' ? path.join(config.dataDir, PID_FILE) : undefined;
// On the embedded database, `npm run admin` and `npm run backup` ask this process (ops/control.ts).
let control: ControlServer | undefined;

/** A graceful shutdown that takes longer is cut short (an orchestrator kills at 10 s by default). */
const SHUTDOWN_DEADLINE_MS = 9_000;

/**
 * SIGTERM (a deployment, `docker stop`) or SIGINT: readiness answers 503 (for SHUTDOWN_DRAIN_MS
 * still serving, 0 by default), then no new request is
 * accepted (Fastify answers 503 on open connections), the timed work stops, every tab is told
 * the server restarts (close code 1012: it reconnects and refetches), the requests in flight and
 * their transactions finish, then the database closes. Past the deadline the process exits anyway:
 * what was not committed is rolled back by the database, and a restart settles the timed work.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  const deadline = setTimeout(() => {
    app.log.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS} ms: exiting`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  let code = 0;
  try {
    // Not ready from now on; behind a proxy that checks /api/ready, requests keep being served
    // for SHUTDOWN_DRAIN_MS while it takes this process out.
    app.ctx.lifecycle.shuttingDown = true;
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    await control?.close();
    await database.close();
    if (pidFile) rmSync(pidFile, { force: true });
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    code = 1;
  } finally {
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (pidFile)
  control = await startControlServer(
    config.dataDir,
    OPS_COMMANDS,
    {
      database,
      inServer: true,
      dataDir: config.dataDir,
      revokeSessions: app.ctx.revokeSessions,
      readsChanged: (change) => pusher(app.ctx.hub, app.log).readsChanged(change),
    },
    app.log,
  );
if (pidFile) writeFileSync(pidFile, String(process.pid));
app.log.info(`RPG Adventure on ${config.publicUrl} (database: ${database.kind}, mail: ${app.ctx.mailer.mode}, time scale: ${config.timeScale})`);
