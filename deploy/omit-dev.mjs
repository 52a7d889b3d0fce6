#!/usr/bin/env node
// The development dependencies installed under a tree, by the lock file: the packages it marks
// "dev", and "devOptional" (a development dependency that is also an optional peer of a production
// one, which `npm prune --omit=dev` keeps). `--check` lists them and exits 1 if there is any;
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

const dev = installed().filter((key) => packages[key]?.dev || packages[key]?.devOptional);
if (mode === '--remove') {
  for (const key of dev) rmSync(path.join(root, key), { recursive: true, force: true });
  console.log(`Removed ${dev.length} development dependencies.`);
} else if (dev.length > 0) {
  console.error(`${dev.length} development dependencies installed:\n  ${dev.join('\n  ')}`);
  process.exit(1);
} else {
  console.log('No development dependency installed.');
}
