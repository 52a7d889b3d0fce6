import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { templateIsCurrent, writeTemplate } from '../src/db/template.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const out = mkdtempSync(path.join(tmpdir(), 'rpg-simulate-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/**
 * Issue 29 "The player simulation": `npm run simulate` in miniature, so the script cannot rot. A dozen
 * players on the unbuilt server (src/main.ts through tsx) play the whole mix for a few seconds in
 * two fresh runs, with a tiny world and a second server process on PostgreSQL (DATABASE_URL). It
 * must print the per-action table with pushes measured at the other players' sockets (in receiver
 * processes), the rule (issue 45), the verdict of the runs, the capacity line, the machine's CPU steal,
 * the plot, and each run's audit (or say that the audit is not in the tree), with nothing failed.
 */
describe('npm run simulate (issue 29)', () => {
  it('runs a tiny simulation end to end: the table, the pushes, the capacity, the plot, the world, the audit', async () => {
    const postgres = Boolean(process.env.DATABASE_URL);
    // The test servers' migrated template (test/support/server.ts keeps it in the temporary folder).
    const templateFile = path.join(tmpdir(), 'rpg-test-pglite-template.tar.gz');
    if (!postgres && !templateIsCurrent({ templateFile })) await writeTemplate({ templateFile });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/simulate.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        SIMULATE_DATABASES: postgres ? 'postgres' : 'pglite',
        SIMULATE_SERVER: 'apps/server/src/main.ts',
        SIMULATE_PGLITE_TEMPLATE: templateFile,
        SIMULATE_STEPS_POSTGRES: '12',
        SIMULATE_STEPS_PGLITE: '12',
        SIMULATE_WARM_SECONDS: '1',
        SIMULATE_SECONDS: '4',
        SIMULATE_THINK_SECONDS: '1',
        SIMULATE_WORKERS: '1',
        SIMULATE_RECEIVERS: '1',
        SIMULATE_RUNS: '2',
        SIMULATE_TWO_RUNS: '1',
        // The world's bulk SQL on PostgreSQL (PGlite would restart its server twice more: slow for CI).
        SIMULATE_WORLD: postgres ? '1' : '0',
        SIMULATE_WORLD_PLAYERS: '40',
        SIMULATE_WORLD_CONSOLE: '400',
        SIMULATE_WORLD_CHAT: '400',
        SIMULATE_WORLD_LISTINGS: '40',
        SIMULATE_TWO: postgres ? '1' : '0',
        SIMULATE_OUT: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);

    const kind = postgres ? 'postgres' : 'pglite';
    // The per-action table: each kind of request with n, rate and p50 (the chat's 2 lines a second
    // always among them), and the chat line's push at every tab that holds the chat.
    expect(output).toMatch(/'write'\s*│\s*'chat line'\s*│\s*[1-9]\d*\s*│\s*[\d.]+\s*│\s*[\d.]+/);
    expect(output).toMatch(/'chat line at every tab holding the chat'\s*│\s*[1-9][\d.]*\s*│\s*[\d.]+/);
    expect(output).toMatch(/'all'\s*│\s*'all answers'\s*│\s*[1-9]\d*/);
    expect(output).toMatch(/failed 0: (PASS|FAIL)/);
    expect(output).toMatch(/CPU steal [\d.]+%/);
    // The rule, printed with the verdict of the runs, and the capacity line; the plot and its table beside it.
    expect(output).toContain('the p99 over all answers <= 100 ms, over all writes (POST, PUT, DELETE) <= 100 ms, over every push <= 200 ms');
    expect(output).toContain('NOT the fair measure');
    expect(output).toMatch(/the verdict \(a step counts when 2 of 2 runs hold it\)/);
    expect(output).toMatch(/capacity: (12 concurrent players \(held in at least 2 of 2 runs|below 12 players \(the first step was not held in 2 of 2 runs)/);
    const svg = readFileSync(path.join(out, `simulate-${kind}.svg`), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('<polyline');
    expect(existsSync(path.join(out, `simulate-${kind}.md`))).toBe(true);
    // On PostgreSQL, the world against the fresh database, and the second process.
    if (postgres) {
      expect(output).toMatch(/the world against a fresh database, 12 players/);
      expect(output).toMatch(/CPU per request: world \/ fresh = [\d.]+/);
      expect(output).toMatch(/the second process added -?\d+ players/);
    }
    // The reconciliation: its result, or a plain word that it is not in this tree (never a made-up one).
    expect(output.match(/run [12] of 2: (audit-economy not available|npm run audit-economy\n(.*\n)*?\s*audit-economy exited with 0)/g)).toHaveLength(2);
  }, 420_000);
});
