// The capacity rule of `npm run simulate` (issue 45): latency histograms at 1% whose edges hold the
// limits exactly, a step's gate, and the verdict over fresh runs. Pure: scripts/simulate.mjs, its
// answer threads and its receiver processes use it, apps/server/test/simulate-rule.test.ts checks it.

/** The rule: its limits, how many samples a quantile needs to gate, and the fair step's length. */
export const RULE = {
  /** The p99 over all answers, over all writes (a request that is not a GET), and each action's quantile. */
  answerMs: 100,
  /** The p99 over every push, and each kind of push's quantile. */
  pushMs: 200,
  /** A group of samples gates on its p99 from this many samples on... */
  p99Samples: 1000,
  /** ...on its p95 from this many, and below that it is shown, not gated (an action's or a push kind's). */
  p95Samples: 300,
  /** The fair step: at least this long a warm-up (not counted), then at least this long measured (s). */
  warmSeconds: 60,
  measureSeconds: 180,
  /** Fresh runs (a new database and server each); a step is held when most of them hold it. */
  runs: 3,
} as const;

// ---------------------------------------------------------------------------------------------------
// The histogram: buckets (lo, hi] with hi / lo <= 1.01 from 0.01 ms to 10 minutes, whose edges
// include the limits, so "at most the limit" is an exact count and a quantile is within 1%.

const ANCHORS = [0.01, RULE.answerMs, RULE.pushMs, 600_000];
const GROWTH = 1.01;

function buildEdges(): Float64Array {
  const edges = [ANCHORS[0]!];
  for (let a = 0; a + 1 < ANCHORS.length; a++) {
    const lo = ANCHORS[a]!;
    const hi = ANCHORS[a + 1]!;
    const steps = Math.ceil(Math.log(hi / lo) / Math.log(GROWTH));
    for (let k = 1; k < steps; k++) edges.push(lo * (hi / lo) ** (k / steps));
    edges.push(hi);
  }
  return Float64Array.from(edges);
}
/** The upper edges: bucket 0 is [0, EDGES[0]], bucket i is (EDGES[i - 1], EDGES[i]], the last bucket is above every edge. */
export const EDGES = buildEdges();
export const BUCKETS = EDGES.length + 1;

export type Histogram = Float64Array;

export function newHistogram(): Histogram {
  return new Float64Array(BUCKETS);
}

/** The bucket of a latency: the first whose upper edge is at least `ms` (binary search, so an edge value is exact). */
export function bucketOf(ms: number): number {
  let lo = 0;
  let hi = EDGES.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (EDGES[mid]! >= ms) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function record(histogram: Histogram, ms: number): void {
  histogram[bucketOf(ms)]! += 1;
}

export function merge(into: Histogram, from: Histogram): Histogram {
  for (let i = 0; i < BUCKETS; i++) into[i]! += from[i]!;
  return into;
}

export function count(histogram: Histogram): number {
  let n = 0;
  for (let i = 0; i < BUCKETS; i++) n += histogram[i]!;
  return n;
}

/** The rank of the q-quantile among n samples (nearest rank: the ceil(q * n)-th smallest). */
const rankOf = (q: number, n: number) => Math.max(1, Math.ceil(q * n - 1e-9));

/**
 * The q-quantile in ms, NaN when empty: within its bucket, interpolated by rank, so within 1% of
 * the nearest-rank sample (it stays inside the sample's bucket, on the same side of every limit).
 */
export function quantile(histogram: Histogram, q: number): number {
  const total = count(histogram);
  if (total === 0) return NaN;
  const rank = rankOf(q, total);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    const c = histogram[i]!;
    if (seen + c >= rank) {
      if (i === EDGES.length) return EDGES[i - 1]!;
      const lo = i === 0 ? 0 : EDGES[i - 1]!;
      const hi = EDGES[i]!;
      return lo + ((hi - lo) * (rank - seen)) / c;
    }
    seen += c;
  }
  return NaN;
}

/** Whether the q-quantile is at most `limitMs`, exactly (the limit must be an edge; an empty histogram holds). */
export function quantileWithin(histogram: Histogram, q: number, limitMs: number): boolean {
  const edge = bucketOf(limitMs);
  if (EDGES[edge] !== limitMs) throw new Error(`${limitMs} ms is not an edge of the histogram: its count would not be exact`);
  const total = count(histogram);
  if (total === 0) return true;
  let atMost = 0;
  for (let i = 0; i <= edge; i++) atMost += histogram[i]!;
  return atMost >= rankOf(q, total);
}

// ---------------------------------------------------------------------------------------------------
// A step's gate.

export interface Gate {
  /** 'p99', 'p95', or null: too few samples to gate (shown, not counted). */
  quantile: 'p99' | 'p95' | null;
  valueMs: number;
  limitMs: number;
  /** true or false when gated, null when not. */
  pass: boolean | null;
}

/** One action's or one kind of push's gate: its p99 from RULE.p99Samples samples on, its p95 from RULE.p95Samples, else none. */
export function groupGate(histogram: Histogram, limitMs: number): Gate {
  const n = count(histogram);
  if (n >= RULE.p99Samples) return { quantile: 'p99', valueMs: quantile(histogram, 0.99), limitMs, pass: quantileWithin(histogram, 0.99, limitMs) };
  if (n >= RULE.p95Samples) return { quantile: 'p95', valueMs: quantile(histogram, 0.95), limitMs, pass: quantileWithin(histogram, 0.95, limitMs) };
  return { quantile: null, valueMs: quantile(histogram, 0.99), limitMs, pass: null };
}

/** A pooled group's gate: the p99, whatever its number of samples. */
export function pooledGate(histogram: Histogram, limitMs: number): Gate {
  return { quantile: 'p99', valueMs: quantile(histogram, 0.99), limitMs, pass: quantileWithin(histogram, 0.99, limitMs) };
}

export interface Group {
  name: string;
  hist: Histogram;
  /** A request that changes something (POST, PUT, DELETE): counted among the writes. */
  write?: boolean;
}

export interface StepGate {
  pass: boolean;
  answers: Gate;
  writes: Gate;
  pushes: Gate;
  actions: Map<string, Gate>;
  pushKinds: Map<string, Gate>;
  /** Why the step missed, one phrase a reason; empty when it held. */
  misses: string[];
}

const fmtMs = (v: number) => (Number.isFinite(v) ? `${+v.toFixed(1)} ms` : '-');

/**
 * The step's gate (RULE): the p99 over all answers and over all writes at most RULE.answerMs, over
 * every push at most RULE.pushMs; each action's and each kind of push's p99 or p95 (groupGate)
 * within the same limits; and nothing failed.
 */
export function stepGate({ actions, pushes, failed }: { actions: Group[]; pushes: Group[]; failed: number }): StepGate {
  const pool = (groups: Group[]) => groups.reduce((h, g) => merge(h, g.hist), newHistogram());
  const answers = pooledGate(pool(actions), RULE.answerMs);
  const writes = pooledGate(pool(actions.filter((a) => a.write)), RULE.answerMs);
  const pushed = pooledGate(pool(pushes), RULE.pushMs);
  const actionGates = new Map(actions.map((a) => [a.name, groupGate(a.hist, RULE.answerMs)]));
  const pushGates = new Map(pushes.map((p) => [p.name, groupGate(p.hist, RULE.pushMs)]));
  const misses: string[] = [];
  const miss = (name: string, g: Gate) => {
    if (g.pass === false) misses.push(`${name} ${g.quantile} ${fmtMs(g.valueMs)} > ${g.limitMs} ms`);
  };
  miss('all answers', answers);
  miss('all writes', writes);
  miss('all pushes', pushed);
  for (const [name, g] of actionGates) miss(name, g);
  for (const [name, g] of pushGates) miss(name, g);
  if (failed > 0) misses.push(`${failed} failed`);
  return { pass: misses.length === 0, answers, writes, pushes: pushed, actions: actionGates, pushKinds: pushGates, misses };
}

// ---------------------------------------------------------------------------------------------------
// The verdict over fresh runs.

export interface VerdictRow {
  players: number;
  /** Per run: true held, false missed, null not run to that step. */
  runs: (boolean | null)[];
  held: number;
  /** Held by a majority of the runs (two of three). */
  counted: boolean;
}

/** How many of `runs` runs must hold a step: a majority (2 of 3, 1 of 1, 2 of 2). */
export const majority = (runs: number) => Math.floor(runs / 2) + 1;

/**
 * The steps held by a majority of the runs, and the capacity: the largest step such that it and
 * every step below it were held (0: the first step was not). `heldAbove`: steps held above the
 * first one that was not (a ramp is not monotone when the runs are noisy; they are shown, not
 * counted).
 */
export function verdict(
  steps: number[],
  runs: { players: number; pass: boolean }[][],
): { rows: VerdictRow[]; capacity: number; heldAbove: number[]; need: number } {
  const need = majority(runs.length);
  const rows = steps.map((players) => {
    const results = runs.map((run) => run.find((s) => s.players === players)?.pass ?? null);
    const held = results.filter((r) => r === true).length;
    return { players, runs: results, held, counted: held >= need };
  });
  const firstMiss = rows.findIndex((r) => !r.counted);
  const prefix = firstMiss < 0 ? rows : rows.slice(0, firstMiss);
  return {
    rows,
    capacity: prefix.at(-1)?.players ?? 0,
    heldAbove:
      firstMiss < 0
        ? []
        : rows
            .slice(firstMiss)
            .filter((r) => r.counted)
            .map((r) => r.players),
    need,
  };
}

/** The rule as printed with every table, and what a run's settings leave out of it (a smoke run's shorter steps). */
export function ruleText({ warmSeconds, measureSeconds, runs }: { warmSeconds: number; measureSeconds: number; runs: number }): string[] {
  const lines = [
    `the rule: a step is held in a run when, over its ${measureSeconds} s measured after a ${warmSeconds} s warm-up (not counted),`,
    `  the p99 over all answers <= ${RULE.answerMs} ms, over all writes (POST, PUT, DELETE) <= ${RULE.answerMs} ms, over every push <= ${RULE.pushMs} ms;`,
    `  each action (<= ${RULE.answerMs} ms) and each kind of push (<= ${RULE.pushMs} ms): its p99 from ${RULE.p99Samples} samples, its p95 from ${RULE.p95Samples}, fewer shown but not gated;`,
    `  nothing failed (no 5xx, 429, 401, timeout, closed or unopened socket). Quantiles by nearest rank from histograms at 1% whose edges hold the limits (the gate is exact).`,
    `  The whole ramp runs in each of ${runs} fresh runs (a new database and server each); a step counts when ${majority(runs)} of ${runs} hold it;`,
    `  the capacity is the largest step held with every step below it held.`,
  ];
  const short = [
    warmSeconds < RULE.warmSeconds ? `a warm-up of ${warmSeconds} s (< ${RULE.warmSeconds})` : '',
    measureSeconds < RULE.measureSeconds ? `${measureSeconds} s measured (< ${RULE.measureSeconds})` : '',
    runs < RULE.runs ? `${runs} run${runs === 1 ? '' : 's'} (< ${RULE.runs})` : '',
  ].filter(Boolean);
  if (short.length) lines.push(`  NOT the fair measure: ${short.join(', ')}; a smoke run's figures, not a capacity.`);
  return lines;
}
