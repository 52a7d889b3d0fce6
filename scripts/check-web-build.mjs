#!/usr/bin/env node
// Checks a web build (default apps/web/dist, or the folder given): it is a production build,
// every text asset has correct precompressed .br and .gz twins, and the JavaScript the landing
// and auth routes load stays within budget (gzip). Prints what each route loads; exits 1 on failure.
//   node scripts/check-web-build.mjs [dist] [--budget-kb=100]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, 'apps/web/dist'));
const budgetKb = Number(args.find((a) => a.startsWith('--budget-kb='))?.split('=')[1] ?? 100);
const failures = [];
const fail = (message) => failures.push(message);

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build at ${dist} (index.html missing).`);
  process.exit(1);
}
const assets = path.join(dist, 'assets');
const files = (dir) =>
  readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));
const all = files(dist);
const js = all.filter((f) => f.endsWith('.js'));
const read = (file) => readFileSync(file, 'utf8');

// 1. Production React: the development runtime carries these messages, the production one only error codes.
const devMarkers = ['Download the React DevTools', 'should have a unique "key" prop', 'cannot be a child of'];
const jsText = js.map(read).join('\n');
for (const marker of devMarkers) if (jsText.includes(marker)) fail(`React development runtime in the bundle (found "${marker}")`);
if (!jsText.includes('Minified React error')) fail('React production runtime not found in the bundle');

// 2. Precompressed twins, byte-for-byte the asset when decompressed.
let twins = 0;
for (const file of all.filter((f) => /\.(js|css|html|svg|json)$/.test(f) && statSync(f).size >= 512)) {
  const source = readFileSync(file);
  for (const [ext, decode] of [
    ['.br', brotliDecompressSync],
    ['.gz', gunzipSync],
  ]) {
    if (!existsSync(file + ext)) fail(`${path.relative(dist, file)}${ext} missing`);
    else if (!decode(readFileSync(file + ext)).equals(source)) fail(`${path.relative(dist, file)}${ext} does not match its asset`);
    else twins += 1;
  }
}

// 3. What a route loads: the entry script and its static imports, then the route's page chunk and its static imports.
const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const staticImports = (file) => [...read(file).matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => path.join(path.dirname(file), m[1]));
/** The files `starts` load: their static imports, and whatever else `next` names, transitively. */
function closure(starts, next = staticImports) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...next(file));
  }
  return seen;
}
const entry = [...read(path.join(dist, 'index.html')).matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => path.join(dist, m[1]));
const pageChunk = (name) => readdirSync(assets).find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
const routes = { '/': 'LandingRoute', '/auth': 'AuthPage' };
/** /game loaded ~56 script files before the game-core chunk, 14 with it. */
const MAX_GAME_FILES = 20;
const report = [];
for (const [route, page] of Object.entries(routes)) {
  const chunk = pageChunk(page);
  if (!chunk) {
    fail(`no ${page} chunk for ${route}`);
    continue;
  }
  const loaded = [...closure([...entry, path.join(assets, chunk)])];
  const kb = loaded.reduce((sum, f) => sum + gzipKb(f), 0);
  report.push({ route, 'JS files': loaded.length, 'JS gzip KB': +kb.toFixed(1), 'budget KB': budgetKb });
  if (kb > budgetKb) {
    const biggest = loaded.map((f) => `${path.basename(f)} ${gzipKb(f).toFixed(1)}`).sort((a, b) => parseFloat(b.split(' ')[1]) - parseFloat(a.split(' ')[1]));
    fail(`${route} loads ${kb.toFixed(1)} KB of JavaScript gzip, over ${budgetKb} KB: ${biggest.slice(0, 8).join(', ')}`);
  }
}

// 4. The game routes' first load: the entry and the one 'game-core' chunk (apps/web/vite.config.ts)
// with what it imports, in few files (a phone on HTTP/1.1 fetches six at a time). The public pages
// never load it: not with the page, nor on demand (a toast, the auth client, the realtime socket);
// only the game routes' own chunks may, and the first-visit welcome's check (new-player), which
// reads the character list through the query cache (apps/web/vite.config.ts).
const gameChunk = pageChunk('game-core');
if (!gameChunk) fail('no game-core chunk');
else {
  const game = path.join(assets, gameChunk);
  const loaded = [...closure([...entry, game])];
  report.push({ route: '/game', 'JS files': loaded.length, 'JS gzip KB': +loaded.reduce((sum, f) => sum + gzipKb(f), 0).toFixed(1), 'budget KB': '-' });
  if (loaded.length > MAX_GAME_FILES) fail(`/game loads ${loaded.length} script files, over ${MAX_GAME_FILES}`);
  const gamePages = new Set([
    'GameFrame',
    ...readdirSync(path.join(root, 'apps/web/src/app/pages'))
      .map((f) => f.replace(/\.tsx$/, ''))
      .filter((name) => !['LandingRoute', 'NotFoundPage'].includes(name)),
  ]);
  const isGamePage = (file) => gamePages.has(path.basename(file).replace(/-[\w-]{8}\.js$/, ''));
  const dynamicImports = (file) => [...read(file).matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => path.join(path.dirname(file), m[1]));
  const publicPages = ['LandingRoute', 'AuthPage', 'WelcomeSplash', 'NotFoundPage']
    .map(pageChunk)
    .filter(Boolean)
    .map((f) => path.join(assets, f));
  // The route table's import of the game frame lands on game-core itself, which holds it.
  const publicOnDemand = (f) => !isGamePage(f) && f !== game && !path.basename(f).startsWith('new-player-');
  const reach = closure([...entry, ...publicPages], (file) => [...staticImports(file), ...dynamicImports(file).filter(publicOnDemand)]);
  if (reach.has(game)) {
    const via = [...reach].filter((f) => staticImports(f).includes(game)).map((f) => path.basename(f));
    fail(`a public page can load the game-core chunk (imported by ${via.join(', ')})`);
  }
}

// 5. No chunk imports itself through others: in a cycle, which chunk runs first depends on which
// import the browser resolves first, and a top-level read of the other's export can see undefined.
const cycle = (() => {
  const state = new Map();
  const visit = (file, stack) => {
    state.set(file, 'open');
    for (const next of staticImports(file)) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), file, next];
      if (!state.has(next)) {
        const found = visit(next, [...stack, file]);
        if (found) return found;
      }
    }
    state.set(file, 'done');
    return null;
  };
  for (const file of js.filter((f) => f.startsWith(assets)))
    if (!state.has(file)) {
      const found = visit(file, []);
      if (found) return found;
    }
  return null;
})();
if (cycle) fail(`chunks import each other in a cycle: ${[...new Set(cycle)].map((f) => path.basename(f)).join(' -> ')}`);

console.table(report);
console.log(`${twins} precompressed files verified in ${path.relative(process.cwd(), dist) || '.'}`);
if (failures.length) {
  for (const f of failures) console.error(`FAIL ${f}`);
  process.exit(1);
}
console.log('web build OK: production React, precompressed assets, route budgets met');
