#!/usr/bin/env node
// Compiles the server (and the workspace packages it imports, @rpg/game and @rpg/contract) into one
// ES module, apps/server/dist/main.js, so `npm start` runs plain JavaScript with no TypeScript loader.
// Packages from node_modules are bundled too: a start then reads and links one file instead of
// ~1,500 modules (the restart's CPU time fell by ~1 s of ~3.5 s, docs/performance.md, "Sessions, HTTP and
// start"). Those that find files beside themselves at run time (PGlite's wasm) or are optional native
// add-ons stay external. The output is written to a temporary file and renamed, so two builds at once
// never leave half a file. Then the embedded database's template (dist/pglite-template.tar.gz, see
// apps/server/src/db/template.ts) is built when it does not hold exactly the current migrations: a first
// start unpacks it instead of running PGlite's initdb.
import { spawnSync } from 'node:child_process';
import { renameSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'apps/server/dist');
export const serverEntry = path.join(serverOutDir, 'main.js');
/** The embedded database's template: start.mjs builds when it is missing. */
export const pgliteTemplate = path.join(serverOutDir, 'pglite-template.tar.gz');
/** What the compiled server is made of: start.mjs rebuilds when any of these is newer than the output. */
export const serverSources = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/package.json',
  'packages/game/src',
  'packages/contract/src',
  'scripts/build-server.mjs',
].map((p) => path.join(root, p));

/**
 * First-party code finds files beside its source (`import.meta.dirname`, e.g. the migrations folder
 * and the repository root). Bundled, every module would share dist/'s directory, so each use is
 * rewritten to the source file's own directory, expressed relative to dist/ (the tree can move).
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let code = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(url|filename)\b/.test(code)) {
        throw new Error(`${path.relative(root, args.path)}: use import.meta.dirname (the server build rewrites only that)`);
      }
      const rel = path.relative(serverOutDir, path.dirname(args.path)).split(path.sep).join('/');
      code = code.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})`);
      return { contents: code, loader: 'ts' };
    });
  },
};

/**
 * Bare imports that stay external (imported at run time as installed): PGlite loads its
 * WebAssembly and file-system bundle from beside its own module; the rest are optional native
 * add-ons that their packages load only when installed.
 */
const EXTERNAL = /^(@electric-sql\/pglite|pg-native|bufferutil|utf-8-validate)(\/|$)/;
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (EXTERNAL.test(args.path) ? { path: args.path, external: true } : undefined));
  },
};

/**
 * The map with every segment of the first-party code and, of the bundled packages, the first of
 * each original line: a library's frame still maps to its file and line, to the column of that
 * line's start. With --enable-source-maps Node decodes the whole map at start and keeps it: of the
 * bundle's ~840,000 segments 86% are the packages', and the decoded map held 84 MB of heap (35 MB
 * after this; idle RSS on PGlite ~62 MB less, docs/performance.md).
 */
function leanSourceMap(json) {
  const map = JSON.parse(json);
  const inPackage = map.sources.map((source) => source.includes('node_modules/'));
  const lines = decode(map.mappings).map((segments) => {
    let previous;
    return segments.filter((segment) => {
      const keep = segment.length < 4 || !inPackage[segment[1]] || !previous || previous.length < 4 || previous[1] !== segment[1] || previous[2] !== segment[2];
      previous = segment;
      return keep;
    });
  });
  return JSON.stringify({ ...map, mappings: encode(lines) });
}

export async function buildServer() {
  const started = Date.now();
  const result = await build({
    entryPoints: [
      { in: path.join(root, 'apps/server/src/main.ts'), out: 'main' },
      { in: path.join(root, 'apps/server/src/db/build-template.ts'), out: 'build-template' },
      // The realtime gateway's process (RPG_GATEWAY=process): its own small bundle, ws and the gateway only.
      { in: path.join(root, 'apps/server/src/realtime/gateway-process.ts'), out: 'gateway' },
    ],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // The map points at the sources instead of holding them (a smaller map to load with --enable-source-maps).
    sourcesContent: false,
    // Bundled CommonJS packages call require() (of Node's modules): an ES module has none of its own.
    // The bundled server forks dist/gateway.js, the sources gateway-process.ts (realtime/gateway-fork.ts).
    define: { 'process.env.RPG_SERVER_BUNDLE': '"1"' },
    banner: { js: "import { createRequire as __rpgCreateRequire } from 'node:module'; const require = __rpgCreateRequire(import.meta.url);" },
    write: false,
    outdir: serverOutDir,
    logLevel: 'warning',
    plugins: [externalPackages, sourceDirname],
  });
  mkdirSync(serverOutDir, { recursive: true });
  // The map first, then the code: a reader never sees new code pointing at an old map.
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.path.endsWith('.map') ? leanSourceMap(file.text) : file.contents);
    renameSync(tmp, file.path);
  }
  // In its own process: building it takes PGlite's initdb (~800 MB of WebAssembly memory).
  const template = spawnSync(process.execPath, [path.join(serverOutDir, 'build-template.js')], { cwd: root, stdio: 'inherit' });
  if (template.status !== 0) throw new Error(`building the database template failed (${template.status ?? template.signal})`);
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Server compiled to ${path.relative(root, serverEntry)} in ${ms} ms`);
}
