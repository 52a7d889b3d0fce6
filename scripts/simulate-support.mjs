// What scripts/simulate.mjs, its answer threads and its receiver processes share: the clock, the
// action mix, the screens a tab holds, and the plot (the histograms and the rule: simulate-rule.ts).
import { queryKeys } from '@rpg/contract';

/**
 * The machine's monotonic clock in ms (CLOCK_MONOTONIC on Linux, one for every process): the answer
 * threads stamp a change's send with it and the receiver processes a push's arrival.
 */
export const clock = () => Number(process.hrtime.bigint()) / 1e6;

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

/** What a tab showing `keys` holds: the frame's keys and those, by their JSON (the `watch` message's keys). */
export function heldKeys(p, keys) {
  const held = new Map();
  for (const key of [...SCREENS.frame(p), ...keys]) held.set(JSON.stringify(key), key);
  return held;
}
/** The global chat's key as a held key's id. */
export const CHAT_KEY = JSON.stringify(queryKeys.chat);

/**
 * The plot of a capacity verdict, as an SVG text: by number of players (log scale), the p99 over all
 * answers and over every push (the median of the runs), the two limits as dashed lines, each step's
 * requests per second, and the capacity the verdict found.
 */
export function capacitySvg(title, steps, { actionLimit = 100, pushLimit = 200, capacity = 0 } = {}) {
  const W = 720;
  const H = 400;
  const L = 70;
  const R = 70;
  const T = 40;
  const B = 60;
  const xs = steps.map((s) => s.players);
  const xMax = Math.max(...xs, 1) * 1.05;
  const values = steps.flatMap((s) => [s.answersP99, s.pushesP99]).filter((v) => Number.isFinite(v) && v > 0);
  const yMin = 1;
  const yMax = Math.max(1000, ...values) * 1.2;
  const x = (v) => L + ((W - L - R) * v) / xMax;
  const y = (v) => T + (H - T - B) * (1 - (Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin)));
  const rateMax = Math.max(1, ...steps.map((s) => s.actionsPerSecond)) * 1.1;
  const yr = (v) => T + (H - T - B) * (1 - v / rateMax);
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const line = (key, color) => {
    const pts = steps.filter((s) => Number.isFinite(s[key])).map((s) => `${x(s.players).toFixed(1)},${y(s[key]).toFixed(1)}`);
    return (
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>` +
      pts.map((p) => `<circle cx="${p.split(',')[0]}" cy="${p.split(',')[1]}" r="3" fill="${color}"/>`).join('')
    );
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
  out.push(line('answersP99', '#c00'), line('pushesP99', '#06c'));
  out.push(`<line x1="${L}" x2="${L}" y1="${T}" y2="${H - B}" stroke="#333"/><line x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}" stroke="#333"/>`);
  out.push(`<text x="${(L + W - R) / 2}" y="${H - B + 36}" text-anchor="middle">concurrent players</text>`);
  out.push(`<text x="${W - R + 40}" y="${T - 8}" text-anchor="middle" fill="#999">requests/s</text>`);
  const legend = [
    ['#c00', `all answers' p99 (limit ${actionLimit} ms, dashed)`],
    ['#06c', `every push's p99 (limit ${pushLimit} ms, dashed)`],
    ['#999', 'requests per second (right axis)'],
  ];
  legend.forEach(([color, text], i) => out.push(`<text x="${L + i * 215}" y="${H - 8}" fill="${color}">${esc(text)}</text>`));
  if (capacity)
    out.push(
      `<line x1="${x(capacity)}" x2="${x(capacity)}" y1="${T}" y2="${H - B}" stroke="#090" stroke-dasharray="3 3"/><text x="${x(capacity) + 4}" y="${T + 12}" fill="#090">capacity ${capacity}</text>`,
    );
  out.push('</svg>');
  return out.join('\n') + '\n';
}
