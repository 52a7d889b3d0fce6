import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin } from 'vite';
import { PROTECTED_PREFIXES } from './src/app/guard/route-access';

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the build (maximum compression, done once here
 * instead of per request), which the server sends to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  async function files(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)])));
    return nested.flat();
  }
  return {
    name: 'rpg:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = (await files(outDir)).filter((f) => compressible.test(f));
      await Promise.all(
        targets.map(async (file) => {
          if ((await stat(file)).size < 512) return;
          const source = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gz(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * The page chunks a route needs, by path: the router asks for them only once the entry has run,
 * so an inline script in index.html asks for them (modulepreload) while the entry still downloads.
 * Paths are matched as the route guard matches them (lower case, no trailing slash).
 */
const PORTAL_PAGE = 'src/app/pages/GamePortalPage.tsx';
/** What every game route loads first: the frame, the query cache, the character list's schema. */
const GAME_FRAME_MODULES = ['src/app/frame/GameFrame.tsx', 'src/app/providers/query-runtime.tsx', 'src/features/characters/api/character-list-schema.ts'];
/**
 * What a signed-in player's game frame asks for as soon as it is shown, each loaded on demand
 * because the public pages may load it too: the realtime socket, the Toaster, the first-visit
 * welcome's check. Preloaded with the frame, they no longer start a round trip after its first
 * commit (the last requests before the portal's paint in Lighthouse's /game trace).
 */
const FRAME_ON_MOUNT_MODULES = ['src/features/realtime/lib/realtime-client.ts', 'src/app/providers/AppToaster.tsx', 'src/app/guard/new-player.ts'];
const ROUTE_PRELOADS: Array<{ exact?: string[]; prefixes?: readonly string[]; modules: string[]; reads?: string[] }> = [
  { exact: ['/', '/landing'], modules: ['src/app/pages/LandingRoute.tsx'] },
  { exact: ['/auth'], modules: ['src/features/auth/components/AuthPage.tsx'] },
  { exact: ['/game'], modules: [PORTAL_PAGE] },
  {
    prefixes: [...PROTECTED_PREFIXES, '/character-creation'],
    modules: [...GAME_FRAME_MODULES, ...FRAME_ON_MOUNT_MODULES],
    // Started here, beside the session, instead of after the entry, the session and the page
    // (used once by their first read: src/lib/early-fetch.ts). The frame's header reads the
    // account (/api/me) and the social badges as soon as it is shown.
    reads: ['/api/auth/get-session', '/api/characters', '/api/me', '/api/social/summary'],
  },
];

function routePreloads(): Plugin {
  return {
    name: 'rpg:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const imported of chunk?.imports ?? []) walk(imported, into);
        };
        if (entry) walk(entry.fileName, inEntry);
        const rules = ROUTE_PRELOADS.map(({ exact, prefixes, modules, reads }) => {
          const files = new Set<string>();
          for (const module of modules) {
            // The module's own chunk, else the chunk it was moved into ('game-core').
            const isModule = (id: string | null) => id !== null && normalizePath(id).endsWith(`/${module}`);
            const chunk = chunks.find((c) => isModule(c.facadeModuleId)) ?? chunks.find((c) => Object.keys(c.modules).some(isModule));
            if (!chunk) throw new Error(`rpg:route-preloads: no chunk for ${module}`);
            walk(chunk.fileName, files);
          }
          return { e: exact ?? [], p: prefixes ?? [], f: [...files].filter((f) => !inEntry.has(f)), a: reads ?? [] };
        });
        const script =
          `(function(){var p=location.pathname.toLowerCase();if(p.length>1)p=p.replace(/\\/+$/,'')||'/';var r=${JSON.stringify(rules)};` +
          `r.forEach(function(x){if(x.e.indexOf(p)<0&&!x.p.some(function(q){return p===q||p.indexOf(q+'/')===0}))return;` +
          `x.f.forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)});` +
          `try{var w=window.__rpgEarly=window.__rpgEarly||{};` +
          `x.a.forEach(function(u){w[u]={at:Date.now(),response:fetch(u,{credentials:'include',headers:{Accept:'application/json'}})}})}catch(e){}})})()`;
        // Before the stylesheet (an inline script after it would wait for it), after the charset.
        if (!html.includes('<title>')) throw new Error('rpg:route-preloads: index.html has no <title>');
        return html.replace('<title>', `<script>${script}</script>\n    <title>`);
      },
    },
  };
}

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const fromRoot = (file: string) => normalizePath(path.join(webRoot, file));

/**
 * What every game route needs on its first load goes into one chunk, 'game-core': the game frame,
 * the portal, the query runtime and the character list's schema, with every module only they use.
 * Per-module chunks made /game ask for ~56 small files, which a phone on HTTP/1.1 fetches six at a
 * time (docs/performance.md, "The web"). A module the public pages (landing, welcome, auth, not
 * found) can load, at once or on demand (a toast, the auth client, sounds, the realtime socket),
 * stays out: those pages never load this chunk. The one exception is the first-visit welcome's
 * check (`new-player`), which reads the character list through the query cache: a signed-in player
 * on a public page loads the chunk for it, once per browser session, the chunk the game then uses.
 * Keeping the query runtime and the schema out of the chunk for it cost /game six more files and
 * ~0.4 s of LCP in Lighthouse.
 *
 * Which modules a page really uses is only known after tree-shaking (a module that imports one
 * icon from lucide-react's index imports the index, which imports every icon), so a first pass
 * builds in memory with the default chunks and reads the answer off them.
 */
const GAME_CORE = [...GAME_FRAME_MODULES, PORTAL_PAGE].map(fromRoot);
/** The first-visit welcome's check: loaded on demand for a signed-in player only, and allowed to load the chunk. */
const NEW_PLAYER_CHECK = fromRoot('src/app/guard/new-player.ts');
const PUBLIC_PAGES = [
  'src/app/pages/LandingRoute.tsx',
  'src/features/landing/components/WelcomeSplash.tsx',
  'src/features/auth/components/AuthPage.tsx',
  'src/app/pages/NotFoundPage.tsx',
].map(fromRoot);
const GAME_PAGES_DIR = fromRoot('src/app/pages/');
const FIRST_PASS = 'RPG_CHUNK_FIRST_PASS';

interface PassChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
}

/** The modules in the chunks the given chunks load: statically, and on demand where `onDemand` allows. */
function modulesLoadedBy(chunks: PassChunk[], roots: PassChunk[], onDemand: (chunk: PassChunk) => boolean): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<PassChunk>();
  const queue = [...roots];
  for (let chunk = queue.pop(); chunk !== undefined; chunk = queue.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) queue.push(next);
    }
    for (const file of chunk.dynamicImports) {
      const next = byFile.get(file);
      if (next && onDemand(next)) queue.push(next);
    }
  }
  return new Set([...seen].flatMap((c) => c.moduleIds));
}

/** The first pass: a build in memory with the default chunks; the modules of the 'game-core' chunk. */
async function gameCoreModules(): Promise<Set<string>> {
  const { build } = await import('vite');
  process.env[FIRST_PASS] = '1';
  try {
    const result = await build({
      root: webRoot,
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'silent',
      build: { write: false, sourcemap: false, minify: false },
    });
    const outputs = Array.isArray(result) ? result : [result];
    const chunks = outputs.flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk') as PassChunk[];
    const facade = (ids: string[]) => chunks.filter((c) => c.facadeModuleId !== null && ids.includes(c.facadeModuleId));
    const isGameRoute = (c: PassChunk) =>
      c.facadeModuleId !== null &&
      !PUBLIC_PAGES.includes(c.facadeModuleId) &&
      (c.facadeModuleId.startsWith(GAME_PAGES_DIR) || GAME_CORE.includes(c.facadeModuleId));
    const publicSide = modulesLoadedBy(
      chunks,
      [...chunks.filter((c) => c.isEntry), ...facade(PUBLIC_PAGES)],
      (c) => !isGameRoute(c) && c.facadeModuleId !== NEW_PLAYER_CHECK,
    );
    const core = modulesLoadedBy(chunks, facade(GAME_CORE), () => false);
    for (const id of publicSide) core.delete(id);
    if (GAME_CORE.some((id) => !core.has(id))) throw new Error('vite.config: a game-core module is loaded by a public page');
    return core;
  } finally {
    delete process.env[FIRST_PASS];
  }
}

export default defineConfig(async ({ command }) => {
  // A build is a production build whatever NODE_ENV the shell or .env carries: with
  // NODE_ENV=development Vite would otherwise bundle React's development runtime.
  if (command === 'build') process.env.NODE_ENV = 'production';
  const firstPass = process.env[FIRST_PASS] === '1';
  const core = command === 'build' && !firstPass ? await gameCoreModules() : null;
  return {
    plugins: [react(), tailwindcss(), ...(firstPass ? [] : [routePreloads(), precompress()])],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // react-router's package exports name only its development build (the same code with
        // ENABLE_DEV_WARNINGS on: warnings built and checked on every render); a build takes the
        // production one beside it.
        ...(command === 'build'
          ? { 'react-router': fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }
          : {}),
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, ws: true, changeOrigin: false },
        '/uploads': { target: apiTarget },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 700,
      // Only the modules in 'game-core' are moved; what they import from elsewhere stays where it is.
      ...(core
        ? {
            rolldownOptions: {
              output: { codeSplitting: { groups: [{ name: (id: string) => (core.has(id) ? 'game-core' : null), includeDependenciesRecursively: false }] } },
            },
          }
        : {}),
    },
  };
});
