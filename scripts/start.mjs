#!/usr/bin/env node
// `npm start`: build the web app (always a production build) and compile the server to
// JavaScript when either is missing or older than its sources, then serve game and API from
// one plain Node process (embedded database unless DATABASE_URL).
// With WEB_DIST set, the server serves that ready-built web folder (the server is still compiled).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, pgliteTemplate, serverEntry, serverSources } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/game/src', 'packages/contract/src'].map((p) =>
  path.join(root, p),
);
const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (!process.env.WEB_DIST && (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt)) {
  console.log('Building the web app...');
  // NODE_ENV from the shell or .env must not turn this into a development bundle.
  const build = spawnSync('npm', ['run', 'build', '-w', '@rpg/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverBuiltAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
// The database template is built with the server (a first start on PGlite unpacks it).
if (serverBuiltAt === 0 || !existsSync(pgliteTemplate) || Math.max(...serverSources.map(newestMtime)) > serverBuiltAt) {
  console.log('Compiling the server...');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
