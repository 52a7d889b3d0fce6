import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * `npm run backup [FILE]` and `npm run restore FILE` for the embedded database (docs/deploy.md).
 *
 * A backup is one tar.gz of the whole DATA_DIR: the database (pglite/), the uploads (uploads/),
 * the auth secret (auth-secret, without which every session ends) and the Web Push keys
 * (vapid-keys.json, without which every device subscription is refused). It is taken while the
 * server is stopped: the embedded database is one process's, and another process opening its
 * files while the server runs could damage them. The database is opened and closed first, so
 * what a crash (kill -9) left is recovered and checkpointed before the copy.
 * With PostgreSQL, the database is backed up with pg_dump, and this says how.
 */

/** Written by the server (main.ts) while it runs on the embedded database; removed when it exits. */
export const PID_FILE = 'server.pid';

/** The pid of a server that runs on this data folder, if one does. */
export function runningServer(dataDir: string): number | undefined {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    // A pid file a crash left behind: no such process.
    return undefined;
  }
}

function tar(args: string[]): string {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.error) throw new Error(`tar could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr.trim()}`);
  return result.stdout;
}

export class OpsError extends Error {}

export async function backup(dataDir: string, file: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new OpsError(`No embedded database in ${dataDir} (DATA_DIR).`);
  const pid = runningServer(dataDir);
  if (pid) throw new OpsError(`The server (pid ${pid}) is running on ${dataDir}: stop it first, back up, then start it again.`);
  // Recovers what a crash left and checkpoints, so the files copied are a clean database.
  const database = new PGlite(pgliteDir);
  await database.waitReady;
  await database.close();
  rmSync(path.join(dataDir, PID_FILE), { force: true });
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  tar(['-czf', path.resolve(file), '-C', dataDir, '--exclude', PID_FILE, '.']);
}

export function restore(file: string, dataDir: string): void {
  if (!existsSync(file)) throw new OpsError(`No backup at ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new OpsError(`${dataDir} (DATA_DIR) is not empty: restore into an empty folder.`);
  const entries = tar(['-tzf', file]).split('\n').filter(Boolean);
  // Only relative paths inside the folder, and a database among them.
  const unsafe = entries.find((entry) => path.isAbsolute(entry) || entry.split('/').includes('..'));
  if (unsafe) throw new OpsError(`Refusing a backup with the path ${unsafe}.`);
  if (!entries.some((entry) => entry.replace(/^\.\//, '') === 'pglite/PG_VERSION')) throw new OpsError(`${file} is not a backup of the game (no pglite/PG_VERSION).`);
  mkdirSync(dataDir, { recursive: true });
  tar(['-xzf', file, '-C', dataDir, '--no-same-owner']);
}
