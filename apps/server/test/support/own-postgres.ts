import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sleep } from './adventure.ts';
import { freePort } from './server.ts';

const PGBIN = '/usr/lib/postgresql/15/bin';

/** Why a PostgreSQL of the test's own cannot run here (PostgreSQL 15's binaries, root to run them as postgres), or undefined. */
export function ownPostgresMissing(): string | undefined {
  if (!existsSync(path.join(PGBIN, 'initdb')) || !existsSync(path.join(PGBIN, 'pg_ctl'))) return `PostgreSQL 15's binaries are not in ${PGBIN}`;
  if (process.getuid?.() !== 0) return 'running PostgreSQL as its own user needs root (runuser -u postgres)';
  return undefined;
}

/**
 * A throwaway PostgreSQL of the test's own, to restart and kill (the shared one of the suite is
 * never touched): initdb into a temporary folder, started on a free port with `pg_ctl` as the
 * postgres user, as .ci/run starts its own.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** `pg_ctl restart -m fast` (a minor upgrade, a failover): sessions are ended, the server is back when it returns. */
  restart(): Promise<void>;
  /** SIGKILL to the postmaster (a crash), then started again after `downMs`. */
  crash(downMs: number): Promise<void>;
  /** Stopped and its folder removed. */
  destroy(): void;
}

function pgCtl(dir: string, ...args: string[]): { ok: boolean; output: string } {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', path.join(PGBIN, 'pg_ctl'), '-D', path.join(dir, 'data'), ...args], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rpg-own-pg-'));
  mkdirSync(path.join(dir, 'sock'));
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  for (const folder of [dir, path.join(dir, 'sock')]) chownSync(folder, uid, gid);
  chmodSync(dir, 0o700);
  const init = spawnSync(
    'runuser',
    ['-u', 'postgres', '--', path.join(PGBIN, 'initdb'), '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync'],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const options = `-p ${port} -k ${path.join(dir, 'sock')} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => pgCtl(dir, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start');
  const started = start();
  if (!started.ok) throw new Error(`pg_ctl start failed: ${started.output}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      const restarted = pgCtl(dir, '-l', path.join(dir, 'log'), '-w', '-m', 'fast', '-o', options, 'restart');
      if (!restarted.ok) throw new Error(`pg_ctl restart failed: ${restarted.output}`);
    },
    async crash(downMs) {
      const pid = Number(readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      await sleep(downMs);
      // The old backends leave once they see their postmaster gone; until then a new one may not start.
      for (let attempt = 0; ; attempt++) {
        const again = start();
        if (again.ok) return;
        if (attempt >= 20)
          throw new Error(`PostgreSQL did not start again after the crash: ${again.output}\n${readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000)}`);
        await sleep(250);
      }
    },
    destroy() {
      pgCtl(dir, '-m', 'immediate', 'stop');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
