#!/usr/bin/env node
// Where a server's CPU went: a V8 CPU profile (node --cpu-prof) of the compiled server, its busy
// time by owner (each bundled package or first-party file, from the `// node_modules/...` and
// `// src/...` markers esbuild writes in dist/main.js; native frames such as `writev` by name),
// and split into the push fan-out (under the gateway's passSlice or deliverHere) and the rest.
//   node scripts/cpu-profile-summary.mjs <file.cpuprofile> [rows=30]
// A profile of the simulation (docs/simulate.md, "Where the limit is"):
//   SIMULATE_OUT=/tmp/prof/sim NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof/out" \
//     node --import tsx scripts/simulate.mjs --databases=postgres --steps-postgres=2500 --runs=1 --two=0 --world=0
// writes a profile per process; the server's is the one whose frames are in apps/server/dist/main.js.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const profile = JSON.parse(readFileSync(file, 'utf8'));

// The bundle's module markers: [line, owner], in line order.
const bundle = path.join(root, 'apps/server/dist/main.js');
const marks = [];
readFileSync(bundle, 'utf8')
  .split('\n')
  .forEach((line, i) => {
    const found = /^\/\/ (?:node_modules\/((?:@[^/]+\/)?[^/]+)|((?:src|packages|apps|\.\.)\/\S+))/.exec(line);
    if (found) marks.push([i, found[1] ?? found[2]]);
  });
function ownerAt(line) {
  let lo = 0;
  let hi = marks.length - 1;
  let owner = '(bundle)';
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (marks[mid][0] <= line) {
      owner = marks[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return owner;
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
const selfTime = new Map();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const FAN_OUT = new Set(['passSlice', 'deliverHere']);
const underFanOut = (id) => {
  for (let at = id; at; at = parentOf.get(at)) if (FAN_OUT.has(nodes.get(at).callFrame.functionName)) return true;
  return false;
};
const owner = ({ url, lineNumber, functionName }) => {
  if (url.endsWith('dist/main.js')) return ownerAt(lineNumber);
  if (url.startsWith('node:')) return url.replace('node:internal/', 'node:');
  return url || functionName || '(native)';
};

let idle = 0;
let busy = 0;
let fanOut = 0;
const byOwner = new Map();
for (const [id, time] of selfTime) {
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === '(idle)') {
    idle += time;
    continue;
  }
  busy += time;
  const name = owner(frame);
  byOwner.set(name, (byOwner.get(name) ?? 0) + time);
  if (underFanOut(id)) fanOut += time;
}
const share = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;
console.log(
  `${path.basename(file)}: ${(busy / 1e6).toFixed(1)} s busy of ${((busy + idle) / 1e6).toFixed(1)} s sampled ` +
    `(${(busy / (busy + idle)).toFixed(2)} cores); the push fan-out ${share(fanOut).trim()} of the busy time`,
);
for (const [name, time] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${share(time)}  ${name}`);
