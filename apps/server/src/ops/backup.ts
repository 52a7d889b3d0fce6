import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CONTROL_DIR, OpsError } from './control.ts';

/**
 * `npm run backup [FILE]` and `npm run restore FILE` for the embedded database (docs/operations.md, "Backups and restore").
 *
 * A backup is one tar.gz of DATA_DIR: the database (pglite/), the uploads (uploads/) and the auth
 * secret (auth-secret, without which every session ends), the Web Push keys (vapid-keys.json)
 * and whatever else the folder holds. The database comes as one dump taken at
 * one point in time: by the running server when one runs (asked over its control socket,
 * ops/control.ts; the dump holds its one connection, so no transaction is half in it), else by
 * opening the stopped database here (which also recovers what a crash left). The file holds every
 * password hash, session and the secret: it is written mode 0600, into a folder made 0700, by
 * default under ./backups (which .gitignore covers).
 * With PostgreSQL, the database is backed up with pg_dump, and this says how.
 */

/** Written by the server (main.ts) while it runs on the embedded database; removed when it exits. */
export const PID_FILE = 'server.pid';
/** Where `npm run backup` without FILE writes (relative to where it runs: the checkout's root under npm). */
export const DEFAULT_BACKUP_DIR = 'backups';

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

function tar(args: string[], stdout?: number): string {
  const result = spawnSync('tar', args, { encoding: 'utf8', stdio: ['ignore', stdout ?? 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`tar could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr.trim()}`);
  return result.stdout ?? '';
}

/** The stopped embedded database's dump (a gzipped tar of its data folder), as the server's `dump` makes it. */
export async function dumpStoppedDatabase(dataDir: string): Promise<Uint8Array> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw new OpsError(`No embedded database in ${dataDir} (DATA_DIR).`);
  const database = new PGlite(pgliteDir);
  try {
    await database.waitReady;
    await database.exec('CHECKPOINT');
    return new Uint8Array(await (await database.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await database.close();
  }
}

/** The default backup file: ./backups/rpg-backup-TIME.tar.gz. */
export const defaultBackupFile = (now = new Date()) => path.join(DEFAULT_BACKUP_DIR, `rpg-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);

/**
 * Writes the backup: the database dump (as pglite/) with everything else in DATA_DIR but the
 * database's live files, the pid file and the control socket. The file is created 0600 (under a
 * temporary name, renamed when whole); a folder made for it is 0700.
 */
export function writeBackup(dataDir: string, dump: Uint8Array, file: string): void {
  const target = path.resolve(file);
  const folder = path.dirname(target);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stage = mkdtempSync(path.join(folder, '.rpg-backup-'));
  const partial = `${target}.partial`;
  try {
    chmodSync(stage, 0o700);
    const dumpFile = path.join(stage, 'database.tar.gz');
    writeFileSync(dumpFile, dump, { mode: 0o600 });
    // PGlite's dump names the data folder's own files (`/PG_VERSION`, `/base/...`): unpacked as pglite/.
    mkdirSync(path.join(stage, 'db', 'pglite'), { recursive: true, mode: 0o700 });
    tar(['-xzf', dumpFile, '-C', path.join(stage, 'db', 'pglite'), '--no-same-owner']);
    if (!existsSync(path.join(stage, 'db', 'pglite', 'PG_VERSION'))) throw new Error('the database dump holds no pglite/PG_VERSION');
    const rest = readdirSync(dataDir).filter((name) => !['pglite', PID_FILE, CONTROL_DIR].includes(name) && !name.startsWith('pglite.'));
    const fd = openSync(partial, 'w', 0o600);
    try {
      fchmodSync(fd, 0o600);
      tar(['-cz', '-f', '-', '-C', path.join(stage, 'db'), 'pglite', ...(rest.length > 0 ? ['-C', dataDir, ...rest] : [])], fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, target);
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** Every path under `dir` that is neither a plain file nor a folder (a symbolic link, a device, a socket). */
function notPlain(dir: string): string | undefined {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const stat = lstatSync(full);
    if (stat.isDirectory()) {
      const inside = notPlain(full);
      if (inside) return inside;
    } else if (!stat.isFile()) return full;
  }
  return undefined;
}

/**
 * Restores a backup into an empty DATA_DIR. Refused: a non-empty folder, a member with an absolute
 * or `..` path, any member that is not a plain file or a folder (a symbolic or hard link, a device:
 * a link in a tampered backup would make the restored server serve the host's files), and an
 * archive without a database. Unpacked into a folder inside DATA_DIR, checked once more for
 * anything but plain files and folders (nothing is left when it is refused), then moved into place.
 */
export function restore(file: string, dataDir: string): void {
  if (!existsSync(file)) throw new OpsError(`No backup at ${file}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new OpsError(`${dataDir} (DATA_DIR) is not empty: restore into an empty folder.`);
  const entries = tar(['-tzf', file]).split('\n').filter(Boolean);
  // Only relative paths inside the folder, and a database among them.
  const unsafe = entries.find((entry) => path.isAbsolute(entry) || entry.split('/').includes('..'));
  if (unsafe) throw new OpsError(`Refusing a backup with the path ${unsafe}.`);
  // The verbose listing's first character is the member's type: '-' a file, 'd' a folder ('l' a symbolic link, 'h' a hard link...).
  const typed = tar(['-tvzf', file]).split('\n').filter(Boolean);
  const link = typed.find((line) => line[0] !== '-' && line[0] !== 'd');
  if (link || typed.length !== entries.length) throw new OpsError(`Refusing a backup with a link or a special file: ${link ?? 'a member tar lists oddly'}.`);
  if (!entries.some((entry) => entry.replace(/^\.\//, '') === 'pglite/PG_VERSION'))
    throw new OpsError(`${file} is not a backup of the game (no pglite/PG_VERSION).`);
  const target = path.resolve(dataDir);
  if (!existsSync(target)) mkdirSync(target, { recursive: true, mode: 0o700 });
  // Unpacked inside DATA_DIR (the same file system, a mount point included), then moved up into it.
  const stage = mkdtempSync(path.join(target, '.restore-'));
  try {
    chmodSync(stage, 0o700);
    tar(['-xzf', file, '-C', stage, '--no-same-owner', '--no-same-permissions']);
    const odd = notPlain(stage);
    if (odd) throw new OpsError(`Refusing a backup with a link or a special file: ${path.relative(stage, odd)}.`);
    for (const name of readdirSync(stage)) renameSync(path.join(stage, name), path.join(target, name));
  } catch (error) {
    for (const name of readdirSync(target)) rmSync(path.join(target, name), { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
