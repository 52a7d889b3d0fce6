// What scripts/simulate.mjs and its worker threads share: the latency histogram, the action mix,
// the screens a tab holds, and the plot.
import { queryKeys } from '@rpg/contract';

/**
 * A latency histogram with buckets 4% wide from 0.01 ms to ~10 minutes: mergeable across worker
 * threads (arrays of counts), a quantile within 4%, no samples kept.
 */
const BASE = 0.01;
const GROWTH = 1.04;
export const BUCKETS = Math.ceil(Math.log(600_000 / BASE) / Math.log(GROWTH)) + 1;

export function newHistogram() {
  return new Float64Array(BUCKETS);
}
export function record(histogram, ms) {
  const i = ms <= BASE ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE) / Math.log(GROWTH)));
  histogram[i] += 1;
}
export function merge(into, from) {
  for (let i = 0; i < BUCKETS; i++) into[i] += from[i];
  return into;
}
export function count(histogram) {
  let n = 0;
  for (let i = 0; i < BUCKETS; i++) n += histogram[i];
  return n;
}
/** The q-quantile in ms (the upper edge of its bucket), NaN when empty. */
export function quantile(histogram, q) {
  const total = count(histogram);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i];
    if (seen >= rank) return BASE * GROWTH ** i;
  }
  return NaN;
}

/**
 * The mix: what an online player does next, by weight (a share of all requests). A player acts
 * every THINK seconds on average (exponential think time); the global chat is paced apart from
 * it (SIMULATE_CHAT_PER_SECOND lines a second for the whole game). docs/simulate.md gives the
 * sources.
 */
export const MIX = [
  ['console line', 12],
  ['adventure', 10],
  ['backpack', 8],
  ['backpack action', 5],
  ['store', 5],
  ['store buy', 4],
  ['crafting', 3],
  ['craft start', 2],
  ['chips', 3],
  ['poker', 4],
  ['auction browse', 6],
  ['auction mine', 2],
  ['auction list', 3],
  ['auction buy', 3],
  ['auction cancel', 1],
  ['friends', 3],
  ['friend request', 1],
  ['direct message', 5],
  ['conversation', 3],
  ['post', 2],
  ['like', 3],
  ['feed', 3],
  ['leaderboard', 3],
  ['social summary', 2],
];

/**
 * What a player's tab holds (issue 29: it tells the server, and the broadcasts about anything else
 * skip it): the query keys of the screen it shows (the web tells the keys its mounted screens
 * read, docs/decisions/realtime.md, "What a tab holds"). Every screen shows the frame; the global chat shows
 * on the hub and the character sheet, where a player starts.
 */
export const SCREENS = {
  frame: () => [queryKeys.me, queryKeys.characters, queryKeys.socialSummary, queryKeys.achievements],
  hub: (p) => [queryKeys.console(p.characterId), queryKeys.adventure(p.characterId), queryKeys.commands, queryKeys.casino(p.characterId), queryKeys.chat],
  sheet: (p) => [queryKeys.inventory(p.characterId), queryKeys.crafting(p.characterId), queryKeys.skills(p.characterId), queryKeys.chat],
  store: (p) => [queryKeys.store(p.characterId), queryKeys.inventory(p.characterId)],
  auction: (p, query = '') => [queryKeys.auctionBrowse(query), queryKeys.auctionMine, queryKeys.inventory(p.characterId)],
  friends: () => [queryKeys.friends, queryKeys.friendSuggestions, queryKeys.blocks],
  messages: (p, withId) => [queryKeys.messages, ...(withId ? [queryKeys.conversation(withId)] : [])],
  profile: (p, userId) => [queryKeys.profile(userId), queryKeys.posts(userId)],
  leaderboard: (p, board) => [queryKeys.leaderboard(board)],
};

/**
 * The plot of a capacity run, as an SVG text: the worst action's and the worst push's p99 by number
 * of players (log scale), the two limits as dashed lines, and each step's actions per second.
 */
export function capacitySvg(title, steps, { actionLimit = 100, pushLimit = 200 } = {}) {
  const W = 720;
  const H = 400;
  const L = 70;
  const R = 70;
  const T = 40;
  const B = 60;
  const xs = steps.map((s) => s.players);
  const xMax = Math.max(...xs, 1) * 1.05;
  const values = steps.flatMap((s) => [s.worstActionP99, s.worstPushP99]).filter((v) => Number.isFinite(v) && v > 0);
  const yMin = 1;
  const yMax = Math.max(1000, ...values) * 1.2;
  const x = (v) => L + ((W - L - R) * v) / xMax;
  const y = (v) => T + (H - T - B) * (1 - (Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin)));
  const rateMax = Math.max(1, ...steps.map((s) => s.actionsPerSecond)) * 1.1;
  const yr = (v) => T + (H - T - B) * (1 - v / rateMax);
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const line = (key, color) => {
    const pts = steps.filter((s) => Number.isFinite(s[key])).map((s) => `${x(s.players).toFixed(1)},${y(s[key]).toFixed(1)}`);
    return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>` + pts.map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${color}"/>`).join('');
  };
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="20" text-anchor="middle" font-size="14">${esc(title)}</text>`);
  for (const v of [1, 10, 100, 1000, 10000, 100000].filter((v) => v <= yMax)) {
    out.push(`<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/><text x="${L - 6}" y="${y(v) + 4}" text-anchor="end">${v} ms</text>`);
  }
  for (let i = 0; i <= 5; i++) {
    const v = Math.round((xMax / 1.05) * (i / 5));
    out.push(`<text x="${x(v)}" y="${H - B + 18}" text-anchor="middle">${v}</text>`);
    const r = Math.round((rateMax / 5) * i);
    out.push(`<text x="${W - R + 6}" y="${yr(r) + 4}" fill="#999">${r}</text>`);
  }
  out.push(`<line x1="${L}" x2="${W - R}" y1="${y(actionLimit)}" y2="${y(actionLimit)}" stroke="#c00" stroke-dasharray="6 4"/>`);
  out.push(`<line x1="${L}" x2="${W - R}" y1="${y(pushLimit)}" y2="${y(pushLimit)}" stroke="#06c" stroke-dasharray="6 4"/>`);
  const rates = steps.map((s) => `${x(s.players).toFixed(1)},${yr(s.actionsPerSecond).toFixed(1)}`);
  out.push(`<polyline fill="none" stroke="#999" stroke-width="1.5" stroke-dasharray="2 3" points="${rates.join(' ')}"/>`);
  out.push(line('worstActionP99', '#c00'), line('worstPushP99', '#06c'));
  out.push(`<line x1="${L}" x2="${L}" y1="${T}" y2="${H - B}" stroke="#333"/><line x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}" stroke="#333"/>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - B + 36}" text-anchor="middle">concurrent players</text>`);
  out.push(`<text x="${W - R + 40}" y="${T - 8}" text-anchor="middle" fill="#999">requests/s</text>`);
  const legend = [
    ['#c00', `worst action p99 (limit ${actionLimit} ms, dashed)`],
    ['#06c', `worst push p99 (limit ${pushLimit} ms, dashed)`],
    ['#999', 'requests per second (right axis)'],
  ];
  legend.forEach(([color, text], i) => out.push(`<text x="${L + i * 215}" y="${H - 8}" fill="${color}">${esc(text)}</text>`));
  const capacity = steps.filter((s) => s.pass).at(-1);
  if (capacity) out.push(`<line x1="${x(capacity.players)}" x2="${x(capacity.players)}" y1="${T}" y2="${H - B}" stroke="#090" stroke-dasharray="3 3"/><text x="${x(capacity.players) + 4}" y="${T + 12}" fill="#090">capacity ${capacity.players}</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}
