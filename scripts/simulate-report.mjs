// The simulation's report (scripts/simulate.mjs, docs/simulate.md): a step's table row, the
// verdict of the runs under the rule (simulate-rule.ts), the plot and markdown beside it, and the
// world held against a fresh database.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, quantile, ruleText, verdict } from './simulate-rule.ts';
import { capacitySvg } from './simulate-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const fmt = (v, digits = 1) => (Number.isFinite(v) ? +v.toFixed(digits) : '-');
const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  return v.length ? (v[(v.length - 1) >> 1] + v[v.length >> 1]) / 2 : NaN;
};

/** The gated group that came nearest its limit (or went furthest over it), as a table cell. */
function nearest(step) {
  let best;
  for (const r of step.rows) {
    const [, q, sign, limit] = /^(p\d\d) (<=|>) (\d+)/.exec(r.gate) ?? [];
    if (!q || r.kind === 'all') continue;
    const value = r[`${q} ms`];
    if (!best || value / limit > best.ratio) best = { ratio: value / limit, text: `${r.name} ${q} ${value}${sign === '>' ? ' MISS' : ''}` };
  }
  return best?.text ?? '-';
}

export const capacityRow = (s) => ({
  players: s.players,
  'requests/s': fmt(s.actionsPerSecond),
  'answers p99 ms': fmt(s.answersP99),
  'writes p99 ms': fmt(s.writesP99),
  'pushes p99 ms': fmt(s.pushesP99),
  'nearest its limit': nearest(s),
  failed: s.failed,
  'server cores': fmt(s.serverCores, 2),
  'server MB': s.serverRss,
  'db cores': fmt(s.dbCores, 2),
  'db MB': Number.isFinite(s.dbRss) ? s.dbRss : '-',
  'cores/1000 players': fmt(s.coresPer1000, 3),
  'sim cores': fmt(s.simCores, 2),
  'machine cores': fmt(s.machineCores, 2),
  'steal %': fmt(s.stealPct, 2),
  'CPU ms/request': fmt(s.cpuPerAction, 2),
  'server loop max ms': fmt(s.serverLoopMaxMs),
  held: s.pass ? 'yes' : 'NO',
});

/** A step a run missed, as a table cell: its first reason and how many more (the step's line has them all). */
const missedCell = (misses) => `missed: ${misses[0] ?? '?'}${misses.length > 1 ? ` (+${misses.length - 1} more)` : ''}`;

/**
 * The verdict of the runs: the rule, each run's table, the steps held by two of three, the capacity
 * line and its cores per 1,000 players. `timing`: { warmSeconds, measureSeconds }.
 */
export function printVerdict(title, steps, runs, timing) {
  const rule = ruleText({ ...timing, runs: runs.length });
  const result = verdict(
    steps,
    runs.map((r) => r.steps),
  );
  const table = result.rows.map((row) => ({
    players: row.players,
    ...Object.fromEntries(
      row.runs.map((held, i) => [
        `run ${i + 1}`,
        held === null ? '-' : held ? 'held' : missedCell(runs[i].steps.find((s) => s.players === row.players)?.misses ?? []),
      ]),
    ),
    [`held (${result.need} of ${runs.length})`]: row.counted ? 'yes' : 'NO',
  }));
  const counted = `held in at least ${result.need} of ${runs.length} runs, and every step below it`;
  const line = result.capacity
    ? `capacity: ${result.capacity} concurrent players (${counted})${result.heldAbove.length ? `; held above a step that was not, not counted: ${result.heldAbove.join(', ')}` : ''}`
    : `capacity: below ${steps[0] ?? '?'} players (the first step was not held in ${result.need} of ${runs.length} runs)`;
  console.log(`\n== ${title}`);
  for (const l of rule) console.log(`   ${l}`);
  runs.forEach((run, i) => {
    console.log(`   run ${i + 1} of ${runs.length}:`);
    console.table(run.steps.map(capacityRow));
  });
  console.log(`   the verdict (a step counts when ${result.need} of ${runs.length} runs hold it):`);
  console.table(table);
  console.log(`   ${line}`);
  // What the capacity costs: the server's and the database's cores per 1,000 players at that step, each run.
  const atCapacity = runs.map((r) => r.steps.find((s) => s.players === result.capacity)).filter(Boolean);
  const coresLine = atCapacity.length
    ? `server and database at ${result.capacity} players: ${atCapacity.map((s) => fmt(s.coresPer1000, 3)).join(', ')} cores per 1,000 players (each run that measured it)`
    : 'server and database per 1,000 players: no step counted';
  console.log(`   ${coresLine}`);
  return { capacity: result.capacity, line, coresLine, table, rule };
}

/**
 * Writes the plot and a markdown table beside it: <out>/simulate-<name>.svg and .md (the rule, the
 * verdict, the reconciliation, each run's steps). `settings`: { out, limits, thinkSeconds,
 * chatPerSecond, warmSeconds, measureSeconds, quick }.
 */
export function writePlot(name, title, runs, printed, settings) {
  const { out: OUT, limits: LIMITS, thinkSeconds, chatPerSecond, warmSeconds, measureSeconds, quick } = settings;
  mkdirSync(OUT, { recursive: true });
  const svg = path.join(OUT, `simulate-${name}.svg`);
  const players = [...new Set(runs.flatMap((r) => r.steps.map((s) => s.players)))].sort((a, b) => a - b);
  const medians = players.map((n) => {
    const at = runs.map((r) => r.steps.find((s) => s.players === n)).filter(Boolean);
    return {
      players: n,
      answersP99: median(at.map((s) => s.answersP99)),
      pushesP99: median(at.map((s) => s.pushesP99)),
      actionsPerSecond: median(at.map((s) => s.actionsPerSecond)),
    };
  });
  writeFileSync(svg, capacitySvg(title, medians, { actionLimit: LIMITS.action, pushLimit: LIMITS.push, capacity: printed.capacity }));
  const mdTable = (rows) => {
    const head = Object.keys(rows[0] ?? { players: 0 });
    return [
      `| ${head.join(' | ')} |`,
      `|${head.map(() => '---').join('|')}|`,
      ...rows.map((r) => `| ${head.map((h) => String(r[h]).replaceAll('|', '/')).join(' | ')} |`),
    ];
  };
  const how =
    `Made by \`npm run simulate\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus().length} cores` +
    `, load average ${loadavg()[0].toFixed(1)} at the end` +
    `; think time ${thinkSeconds} s, chat ${chatPerSecond} lines/s, ${warmSeconds} + ${measureSeconds} s a step` +
    `, ${runs.length} fresh runs${quick ? ' (SIMULATE_QUICK=1)' : ''}.`;
  const md = [
    `# ${title}`,
    '',
    how,
    '',
    '```',
    ...printed.rule,
    '```',
    '',
    printed.line,
    '',
    printed.coresLine,
    '',
    ...mdTable(printed.table),
    '',
    "The reconciliation (`npm run audit-economy` on each run's database):",
    '',
    ...runs.map(
      (r, i) =>
        `- run ${i + 1}: ${r.audit?.available ? `exit ${r.audit.status}${r.audit.status === 0 ? ' (every balance and item matches its ledger)' : ' (DIFFERENCES: see the log)'}` : 'not available'}`,
    ),
    '',
    ...runs.flatMap((run, i) => [`Run ${i + 1} of ${runs.length}:`, '', ...mdTable(run.steps.map(capacityRow)), '']),
    `![plot](simulate-${name}.svg)`,
    '',
  ].join('\n');
  writeFileSync(path.join(OUT, `simulate-${name}.md`), md);
  console.log(`   plot: ${path.relative(root, svg)}, table: ${path.relative(root, path.join(OUT, `simulate-${name}.md`))}`);
}

/** The world against the fresh database at the same number of players: per action p50 and CPU per request. */
export function compareWorld(fresh, world) {
  const rows = [];
  let worst = { ratio: 0 };
  for (const [name, s] of world.actions) {
    const f = fresh.actions.get(name);
    if (!f || count(f.hist) < 20 || count(s.hist) < 20) continue;
    const ratio = quantile(s.hist, 0.5) / quantile(f.hist, 0.5);
    rows.push({
      action: name,
      'fresh p50 ms': fmt(quantile(f.hist, 0.5)),
      'world p50 ms': fmt(quantile(s.hist, 0.5)),
      'fresh p99 ms': fmt(quantile(f.hist, 0.99)),
      'world p99 ms': fmt(quantile(s.hist, 0.99)),
      'world / fresh p50': fmt(ratio, 2),
    });
    if (ratio > worst.ratio) worst = { ratio, name };
  }
  rows.sort((a, b) => b['world / fresh p50'] - a['world / fresh p50']);
  const cpuRatio = world.cpuPerAction / fresh.cpuPerAction;
  rows.unshift({
    action: 'CPU per request (server + database)',
    'fresh p50 ms': fmt(fresh.cpuPerAction, 2),
    'world p50 ms': fmt(world.cpuPerAction, 2),
    'world / fresh p50': fmt(cpuRatio, 2),
  });
  return { rows, cpuRatio, worst };
}
