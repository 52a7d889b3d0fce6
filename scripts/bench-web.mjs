#!/usr/bin/env node
// `npm run bench:web`: Lighthouse 12 (mobile, default simulated throttling) with the machine's
// Chromium on /, /auth and /game of a server this script starts on a ready web build, then a table
// of the scores (performance, accessibility, best practices) and FCP, LCP, TBT, CLS.
//   WEB_DIST=/tmp/my-dist npm run bench:web      (default apps/web/dist; the build must exist)
//   RUNS=3 npm run bench:web                     (median performance of 3 runs per page)
//   LH_JSON_DIR=/tmp/lh npm run bench:web        (keeps each run's full Lighthouse report)
//   PAGES=/game npm run bench:web                (only these pages, comma-separated)
// Lighthouse is not a dependency of the project: the pinned version is installed once, on demand,
// into node_modules/.cache/lighthouse-<version> (CI's `npm ci` stays lean).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, signedInPlayer, sleep } from './bench-support.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.RUNS ?? 1));
const onlyPages = process.env.PAGES ? process.env.PAGES.split(',').map((p) => p.trim()) : null;
const jsonDir = process.env.LH_JSON_DIR ? path.resolve(process.env.LH_JSON_DIR) : null;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No web build at ${dist}: run \`npm run build -w @rpg/web\` (or set WEB_DIST).`);
  process.exit(1);
}
if (!existsSync(chrome)) {
  console.error(`No Chromium at ${chrome} (set CHROME_PATH).`);
  process.exit(1);
}

/** The pinned Lighthouse CLI, installed into a cache folder the first time. */
function lighthouseBin() {
  const prefix = path.join(root, 'node_modules/.cache', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const cli = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  if (!existsSync(cli)) {
    console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(root, prefix)} (once)...`);
    mkdirSync(prefix, { recursive: true });
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `lighthouse@${LIGHTHOUSE_VERSION}`],
      {
        stdio: 'inherit',
      },
    );
    if (npm.status !== 0 || !existsSync(cli)) {
      console.error('Could not install Lighthouse.');
      process.exit(1);
    }
  }
  return cli;
}

async function waitForHealth(base, server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

function runLighthouse(cli, url, headers, outDir) {
  const out = path.join(outDir, `lh-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    '--form-factor=mobile',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run',
    '--quiet',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  const result = spawnSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' });
  if (result.status !== 0 || !existsSync(out)) throw new Error(`Lighthouse failed on ${url}: ${result.stderr || result.stdout}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (jsonDir) {
    mkdirSync(jsonDir, { recursive: true });
    writeFileSync(path.join(jsonDir, `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`), JSON.stringify(report));
  }
  rmSync(out, { force: true });
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);
const ms = (report, audit) => Math.round(report.audits[audit]?.numericValue ?? NaN);

/** What keeps a category below 100: the failing audits with their weight. */
function failing(report) {
  const lines = [];
  for (const key of ['performance', 'accessibility', 'best-practices']) {
    const category = report.categories[key];
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) lines.push(`${key}: ${ref.id} (${audit.displayValue ?? audit.score})`);
    }
  }
  return lines;
}

const cli = lighthouseBin();
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-bench-web-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  // The dev outbox prints every mail on stdout: only the server's errors are shown.
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    WEB_DIST: dist,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // The dev outbox signs the /game player in; static files and the API serve as in production.
    NODE_ENV: 'development',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '50',
  },
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

try {
  await waitForHealth(base, server);
  const player = await signedInPlayer(base, `lighthouse-${Date.now()}@bench.example`, 'Lighthouse');
  await player.call('POST', '/api/characters', { name: 'Beacon', race: 'human', class: 'warrior', gender: 'female' });
  const pages = [
    { page: '/', url: `${base}/`, headers: null },
    { page: '/auth', url: `${base}/auth`, headers: null },
    { page: '/game', url: `${base}/game`, headers: { Cookie: player.cookie() } },
  ].filter(({ page }) => !onlyPages || onlyPages.includes(page));
  const outDir = mkdtempSync(path.join(tmpdir(), 'rpg-lighthouse-'));
  const rows = [];
  const notes = [];
  for (const { page, url, headers } of pages) {
    const reports = [];
    for (let i = 0; i < runs; i++) reports.push(runLighthouse(cli, url, headers, outDir));
    // The median run by performance score (each run's figures stay together).
    reports.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const report = reports[Math.floor(reports.length / 2)];
    if (new URL(report.finalDisplayedUrl).pathname !== page) notes.push(`${page} ended on ${report.finalDisplayedUrl}`);
    rows.push({
      page,
      performance: score(report, 'performance'),
      accessibility: score(report, 'accessibility'),
      'best practices': score(report, 'best-practices'),
      'FCP ms': ms(report, 'first-contentful-paint'),
      'LCP ms': ms(report, 'largest-contentful-paint'),
      'TBT ms': ms(report, 'total-blocking-time'),
      CLS: Number((report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      ...(runs > 1 ? { 'performance runs': reports.map((r) => score(r, 'performance')).join(' ') } : {}),
    });
    for (const line of failing(report)) notes.push(`${page} ${line}`);
  }
  rmSync(outDir, { recursive: true, force: true });
  console.log(
    `Lighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, ${chrome}; build ${path.relative(root, dist) || dist}` +
      `; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.table(rows);
  if (notes.length) console.log(`Below 90 (or landed elsewhere):\n  ${notes.join('\n  ')}`);
} finally {
  stop();
  await sleep(300);
  rmSync(dataDir, { recursive: true, force: true });
}
