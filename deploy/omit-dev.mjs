#!/usr/bin/env node
// The development dependencies installed under a tree, by the lock file: the packages it marks
// "dev", and "devOptional" (a development dependency that is also an optional peer of a production
// one, which `npm ci --omit=dev` keeps), and what only they need. `--check` lists them and exits 1
// if there is any;
// `--remove` deletes them (deploy/Dockerfile: the image holds production dependencies only).
//   node deploy/omit-dev.mjs --check|--remove [ROOT]   (ROOT: the directory of package-lock.json)
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const [mode, root = process.cwd()] = process.argv.slice(2);
if (mode !== '--check' && mode !== '--remove') {
  console.error('usage: node deploy/omit-dev.mjs --check|--remove [ROOT]');
  process.exit(2);
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages ?? {};

/** Every installed package directory under ROOT, as the lock file's key (node_modules/a/node_modules/b). */
function installed() {
  const keys = [];
  const walk = (dir, prefix) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const names = name.startsWith('@') ? readdirSync(path.join(dir, name)).map((sub) => `${name}/${sub}`) : [name];
      for (const n of names) {
        const full = path.join(dir, n);
        // A workspace's link (node_modules/@rpg/server -> apps/server): its own folder is walked below.
        if (lstatSync(full).isSymbolicLink()) continue;
        keys.push(`${prefix}${n}`);
        walk(path.join(full, 'node_modules'), `${prefix}${n}/node_modules/`);
      }
    }
  };
  walk(path.join(root, 'node_modules'), 'node_modules/');
  for (const key of Object.keys(packages)) {
    if (key && !key.includes('node_modules/')) walk(path.join(root, key, 'node_modules'), `${key}/node_modules/`);
  }
  return keys;
}

/** The name a lock file key installs (node_modules/a/node_modules/@s/b -> @s/b). */
const nameOf = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
const needs = (entry) => Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies, ...entry?.peerDependencies });

const all = installed();
const dev = new Set(all.filter((key) => packages[key]?.dev || packages[key]?.devOptional));
// A platform's binary of a development tool (@esbuild/linux-x64, @rolldown/binding-...) is marked
// only "optional": it is left once nothing installed needs it (the workspaces' own dependencies and
// those of every package kept), until no more fall away.
for (let changed = true; changed;) {
  changed = false;
  const needed = new Set(
    Object.entries(packages)
      .filter(([key]) => !key.includes('node_modules/'))
      .flatMap(([, entry]) => needs(entry)),
  );
  for (const key of all) if (!dev.has(key)) for (const name of needs(packages[key])) needed.add(name);
  for (const key of all) {
    if (!dev.has(key) && !needed.has(nameOf(key))) {
      dev.add(key);
      changed = true;
    }
  }
}

if (mode === '--remove') {
  for (const key of dev) rmSync(path.join(root, key), { recursive: true, force: true });
  console.log(`Removed ${dev.size} development dependencies.`);
} else if (dev.size > 0) {
  console.error(`${dev.size} development dependencies installed:\n  ${[...dev].join('\n  ')}`);
  process.exit(1);
} else {
  console.log(`No development dependency among the ${all.length} packages installed.`);
}
