// An answer thread of `npm run simulate` (scripts/simulate.mjs): its share of the players, each with
// a signed-in session and a character, playing the mix of simulate-support.mjs with think time. It
// times every request (request -> answer). The players' WebSockets live in receiver processes
// (simulate-receiver.mjs, issue 45), so pushes never run on this thread: the screens a player's
// tab shows go to its receiver as `watch` messages (through the main process), and a direct
// message's or a friend request's arrival comes back with its time, timed here against the send
// (the time from just before the change's request to the push's arrival, on the machine's clock).
// Social actions stay between the players of one thread, so the sender's pending list is at hand
// when the recipient's push arrives.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { CHAT_KEY, clock, heldKeys, MIX, SCREENS } from './simulate-support.mjs';
import { newHistogram, record } from './simulate-rule.ts';

const { thinkSeconds, seed } = workerData;
const agents = new Map();
const now = clock;

// A small seeded random source (mulberry32): a run's choices repeat with its seed.
let state = seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (items) => items[Math.floor(random() * items.length)];
/** An exponential think time in ms with the given mean in seconds. */
const think = (meanSeconds) => -Math.log(1 - random()) * meanSeconds * 1000;

// ---------------------------------------------------------------------------------------------------
// Figures: per action, a histogram of request -> answer, answers, refusals (a 4xx the rules gave: a
// player asking for what the game refuses) and failures (5xx, 429, 401, a socket error or no answer
// in 30 s), and whether it is a write (not a GET). Per push kind timed here (a direct message, a
// friend request), a histogram of change -> push.
let stats = new Map();
let pushes = new Map();
let samples = [];
const statOf = (map, name, write = false) => map.get(name) ?? map.set(name, { hist: newHistogram(), ok: 0, refused: 0, failed: 0, write }).get(name);

function agentFor(base) {
  let a = agents.get(base);
  if (!a) {
    const url = new URL(base);
    a = { host: url.hostname, port: Number(url.port), agent: new http.Agent({ keepAlive: true, maxSockets: 512 }) };
    agents.set(base, a);
  }
  return a;
}

/** One HTTP request with the player's cookie; answers { status, json } and records it under `action`. */
function request(player, action, method, path, body) {
  const { host, port, agent } = agentFor(player.base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { cookie: player.cookie, origin: player.base };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  const started = now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status, text) => {
      if (settled) return;
      settled = true;
      const ms = now() - started;
      const s = statOf(stats, action, method !== 'GET');
      if (status >= 200 && status < 300) s.ok += 1;
      else if (status >= 400 && status < 500 && status !== 401 && status !== 429) s.refused += 1;
      else s.failed += 1;
      if (status >= 200 && status < 500) record(s.hist, ms);
      if ((status >= 500 || status === 0 || status === 401 || status === 429 || (status >= 400 && status < 500)) && samples.length < 40)
        samples.push(`${action}: ${method} ${path} ${status} ${String(text).slice(0, 160)}`);
      let json;
      try {
        json = status >= 200 && status < 300 && text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ status, json, started });
    };
    const req = http.request({ host, port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
      res.on('error', (e) => done(0, e.message));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (e) => done(0, e.message));
    req.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------
// Players.

/** Every player of this worker, and those online (their socket open, playing). */
const players = [];
const online = [];
const byUserId = new Map();
/** Posts made by this worker's players (for likes). */
const posts = [];
let running = true;
let chatTimer;

/** A direct message's or a friend request's push at its recipient, relayed from its receiver process with its arrival time. */
function onArrival({ kind, userId, at, friendshipId, fromId }) {
  const player = byUserId.get(userId);
  if (!player) return;
  if (kind === 'direct-message') {
    const sentAt = player.pendingDms.shift();
    const s = statOf(pushes, 'direct message at its recipient');
    s.ok += 1;
    if (sentAt) record(s.hist, at - sentAt);
    return;
  }
  const s = statOf(pushes, 'friend request at its recipient');
  s.ok += 1;
  const sentAt = player.pendingRequests.shift();
  if (sentAt) record(s.hist, at - sentAt);
  // The player answers the request after a think time.
  setTimeout(() => acceptRequest(player, friendshipId, fromId), think(thinkSeconds / 3));
}

async function acceptRequest(player, friendshipId, fromId) {
  if (!running) return;
  const { status } = await request(player, 'friend accept', 'POST', `/api/friends/${friendshipId}/accept`);
  if (status === 200) befriend(player, byUserId.get(fromId));
}
function befriend(a, b) {
  if (!a || !b) return;
  if (!a.friends.includes(b)) a.friends.push(b);
  if (!b.friends.includes(a)) b.friends.push(a);
}

/** Sends a friend request from `a` to `b`, expecting the push at b's socket. */
async function askFriend(a, b, action) {
  b.pendingRequests.push(now());
  const { status, started } = await request(a, action, 'POST', '/api/friends/requests', { userId: b.userId });
  if (status !== 200) {
    const i = b.pendingRequests.indexOf(started);
    b.pendingRequests.splice(i >= 0 ? i : 0, 1);
  }
}

const c = (p) => `/api/characters/${p.characterId}`;

/**
 * The player's tab shows a screen: its query keys and the frame's are what the tab holds, and the
 * tab tells the server (a `watch` message, as the web's watch.ts) when that changed. A screen that
 * shows the global chat again refetches it, as the web does (its lines stopped coming when the
 * chat left the screen).
 */
function shows(p, keys) {
  const next = heldKeys(p, keys);
  const chatAgain = next.has(CHAT_KEY) && !p.held.has(CHAT_KEY);
  const changed = next.size !== p.held.size || [...next.keys()].some((id) => !p.held.has(id));
  p.held = next;
  // The receiver process sends it on the player's socket; from chatShownAt on, a chat line there is a push, not a replay.
  if (changed) parentPort.postMessage({ type: 'watch', userId: p.userId, keys: [...next.values()], chatShownAt: chatAgain ? now() : 0 });
  if (chatAgain) void request(p, 'chat (shown again)', 'GET', '/api/chat');
}

/** The wallet and backpack as the last answers showed them. */
function absorb(p, json) {
  if (!json) return;
  const wallet = json.wallet ?? json;
  if (typeof wallet.copper === 'number') p.copper = wallet.copper;
  if (typeof wallet.casinoChips === 'number') p.chips = wallet.casinoChips;
  if (typeof json.chips === 'number') p.chips = json.chips;
  const inventory = json.inventory ?? (Array.isArray(json.entries) ? json : undefined);
  if (inventory?.entries) p.entries = inventory.entries;
}

const onAdventure = (p) => p.adventureEndsAt > Date.now();

/** Each action of the mix: a request (sometimes two, as the screen does), chosen by what the player holds. */
const ACTIONS = {
  async 'console line'(p) {
    shows(p, SCREENS.hub(p));
    await request(p, 'console line', 'POST', `${c(p)}/console`, { text: pick(['/roll 2d6', '/status', '/roll d20', '/help']) });
  },
  async adventure(p) {
    shows(p, SCREENS.hub(p));
    if (onAdventure(p)) return void (await request(p, 'adventure view', 'GET', `${c(p)}/adventure`));
    // The launcher or the console, alike.
    const viaConsole = random() < 0.5;
    const { status, json } = viaConsole
      ? await request(p, 'adventure start (console)', 'POST', `${c(p)}/console`, { text: '/adventure forest 1' })
      : await request(p, 'adventure start (launcher)', 'POST', `${c(p)}/adventures`, { location: 'forest', level: 1 });
    if (status === 200) p.adventureEndsAt = Date.parse(json?.adventure?.endsAt ?? '') || Date.now() + 60_000 / p.timeScale;
    // Already out (an adventure from an earlier run of these players): the player looks again later.
    if (status === 409) p.adventureEndsAt = Date.now() + 60_000 / p.timeScale;
  },
  async backpack(p) {
    shows(p, SCREENS.sheet(p));
    absorb(p, (await request(p, 'backpack', 'GET', `${c(p)}/inventory`)).json);
  },
  async 'backpack action'(p) {
    shows(p, SCREENS.sheet(p));
    const loose = (p.entries ?? []).filter((e) => !e.equipped);
    const gear = loose.find((e) => e.item.kind === 'gear');
    const usable = loose.find((e) => e.item.kind === 'potion' || e.item.kind === 'food');
    const material = loose.find((e) => e.item.kind === 'material' && e.quantity > 3);
    if (gear && !onAdventure(p)) return absorb(p, (await request(p, 'equip', 'POST', `${c(p)}/inventory/${gear.id}/equip`)).json);
    if (usable && !onAdventure(p)) {
      const { json } = await request(p, 'use item', 'POST', `${c(p)}/inventory/${usable.id}/use`);
      return void (p.entries = json?.inventory?.entries ?? p.entries);
    }
    if (material && !onAdventure(p)) return absorb(p, (await request(p, 'sell', 'POST', `${c(p)}/inventory/${material.id}/sell`, { quantity: 1 })).json);
    return ACTIONS.backpack(p);
  },
  async store(p) {
    shows(p, SCREENS.store(p));
    const { json } = await request(p, 'store', 'GET', `${c(p)}/store`);
    absorb(p, json);
    if (json?.sections) p.offers = [...json.sections.potions, ...json.sections.food, ...json.sections.gear].filter((o) => !o.sold);
  },
  async 'store buy'(p) {
    shows(p, SCREENS.store(p));
    const offer = (p.offers ?? []).filter((o) => o.price <= (p.copper ?? 0)).sort((a, b) => a.price - b.price)[0];
    // A player with nothing to spend goes adventuring for it.
    if (!p.offers) return ACTIONS.store(p);
    if (!offer) return ACTIONS.adventure(p);
    if (onAdventure(p)) return ACTIONS.store(p);
    const { json } = await request(p, 'store buy', 'POST', `${c(p)}/store/buy`, { offerId: offer.offerId });
    absorb(p, json);
    // Bought or refused (sold out, the backpack full), the offer is not tried again before the next look.
    p.offers = p.offers.filter((o) => o !== offer);
  },
  async crafting(p) {
    shows(p, SCREENS.sheet(p));
    const { json } = await request(p, 'crafting', 'GET', `${c(p)}/crafting`);
    if (json) p.crafting = json;
  },
  async 'craft start'(p) {
    shows(p, SCREENS.sheet(p));
    const view = p.crafting;
    if (!view || onAdventure(p)) return ACTIONS.crafting(p);
    if (view.active) {
      p.crafting = undefined;
      if (view.active.progress >= 1 || Date.parse(view.active.endsAt ?? '') < Date.now())
        return void (await request(p, 'craft collect', 'POST', `${c(p)}/crafting/collect`));
      return ACTIONS.crafting(p);
    }
    const recipe = view.recipes.find(
      (r) => r.requiredLevel <= view.level && r.ingredients.every((i) => i.have >= i.need) && (r.locked === undefined || !r.locked),
    );
    p.crafting = undefined;
    if (!recipe) return ACTIONS.crafting(p);
    await request(p, 'craft start', 'POST', `${c(p)}/crafting/start`, { recipeId: recipe.id });
  },
  async chips(p) {
    shows(p, SCREENS.hub(p));
    if (onAdventure(p)) return ACTIONS.poker(p);
    if ((p.chips ?? 0) > 50 && random() < 0.5)
      return absorb(p, (await request(p, 'chips cash-out', 'POST', `${c(p)}/chips/cash-out`, { amount: p.chips })).json);
    // Chips come in hundreds (1 copper each, spec 02 section 9).
    if ((p.copper ?? 0) >= 100) return absorb(p, (await request(p, 'chips buy', 'POST', `${c(p)}/chips/buy`, { amount: 100 })).json);
    return ACTIONS.adventure(p);
  },
  async poker(p) {
    shows(p, SCREENS.hub(p));
    const { json } = await request(p, 'poker table', 'GET', `${c(p)}/poker`);
    if (!json) return;
    p.chips = json.chips ?? p.chips;
    if (json.game && json.game.status !== 'finished' && json.game.phase !== 'finished') {
      await request(p, 'poker (console)', 'POST', `${c(p)}/console`, { text: pick(['/check', '/fold', '/bet 1']) });
    } else if ((p.chips ?? 0) >= 10 && !onAdventure(p)) {
      await request(p, 'poker (console)', 'POST', `${c(p)}/console`, { text: '/poker' });
    }
  },
  async 'auction browse'(p) {
    const path = pick(['/api/auction/listings', '/api/auction/listings?sort=price-asc', '/api/auction/listings?page=2']);
    shows(p, SCREENS.auction(p, path.split('?')[1]));
    const { json } = await request(p, 'auction browse', 'GET', path);
    if (json?.listings) p.listings = json.listings;
  },
  async 'auction mine'(p) {
    shows(p, SCREENS.auction(p));
    const { json } = await request(p, 'auction mine', 'GET', '/api/auction/mine');
    if (json?.active) p.myListings = json.active.map((l) => l.id);
  },
  async 'auction list'(p) {
    shows(p, SCREENS.auction(p));
    const loose = (p.entries ?? []).filter((e) => !e.equipped && e.item.kind !== 'backpack');
    const entry = pick(loose.length ? loose : [undefined]);
    if (!p.entries) return ACTIONS.backpack(p);
    if (!entry) return ACTIONS.adventure(p);
    if (onAdventure(p)) return ACTIONS.backpack(p);
    const price = Math.max(1, Math.round((entry.unitSellValue || 5) * (1.5 + random())));
    const { status, json } = await request(p, 'auction list', 'POST', `${c(p)}/auction`, { entryId: entry.id, quantity: 1, price });
    p.entries = undefined;
    if (status === 200 && json?.listing) (p.myListings ??= []).push(json.listing.id);
  },
  async 'auction buy'(p) {
    shows(p, SCREENS.auction(p));
    const listing = (p.listings ?? []).find((l) => l.price <= (p.copper ?? 0) && l.seller !== p.username && l.status === 'active');
    if (!listing || onAdventure(p)) return ACTIONS['auction browse'](p);
    p.listings = p.listings.filter((l) => l !== listing);
    const { json } = await request(p, 'auction buy', 'POST', `${c(p)}/auction/${listing.id}/buy`);
    absorb(p, json);
  },
  async 'auction cancel'(p) {
    shows(p, SCREENS.auction(p));
    const id = p.myListings?.shift();
    if (!id) return ACTIONS['auction mine'](p);
    await request(p, 'auction cancel', 'POST', `/api/auction/${id}/cancel`);
  },
  async friends(p) {
    shows(p, SCREENS.friends(p));
    await request(p, 'friends', 'GET', pick(['/api/friends', '/api/friends/suggestions']));
  },
  async 'friend request'(p) {
    shows(p, SCREENS.friends(p));
    const from = Math.floor(random() * online.length);
    const other = online.find((o, i) => i >= from && o !== p && !p.friends.includes(o));
    if (!other) return ACTIONS.friends(p);
    await askFriend(p, other, 'friend request');
  },
  async 'direct message'(p) {
    const friend = pick(p.friends.filter((f) => f.online).concat([undefined]));
    if (!friend) return ACTIONS['friend request'](p);
    shows(p, SCREENS.messages(p, friend.userId));
    friend.pendingDms.push(now());
    const { status, started } = await request(p, 'direct message', 'POST', `/api/messages/${friend.userId}`, { body: 'Ready for the dungeon?' });
    if (status !== 200) {
      const i = friend.pendingDms.indexOf(started);
      friend.pendingDms.splice(i >= 0 ? i : 0, 1);
    }
  },
  async conversation(p) {
    const friend = pick(p.friends);
    shows(p, SCREENS.messages(p, friend?.userId));
    if (!friend) return void (await request(p, 'messages', 'GET', '/api/messages'));
    await request(p, 'conversation', 'GET', `/api/messages/${friend.userId}`);
  },
  async post(p) {
    shows(p, SCREENS.profile(p, p.userId));
    const { json } = await request(p, 'post', 'POST', '/api/posts', {
      text: pick(['A fine day for a quest.', 'Who wants to raid the caves?', 'Selling oak wood, cheap!']),
    });
    if (json?.post?.id) {
      posts.push({ id: json.post.id, authorId: p.userId });
      if (posts.length > 500) posts.shift();
    }
  },
  async like(p) {
    const post = pick(posts.length ? posts : [undefined]);
    if (!post) return ACTIONS.feed(p);
    shows(p, SCREENS.profile(p, post.authorId));
    await request(p, 'like', random() < 0.8 ? 'PUT' : 'DELETE', `/api/posts/${post.id}/like`);
  },
  async feed(p) {
    const other = pick(p.friends.length ? p.friends : [p]);
    shows(p, SCREENS.profile(p, other.userId));
    await request(p, 'feed', 'GET', `/api/users/${other.userId}/posts`);
  },
  async leaderboard(p) {
    const board = pick(['xp', 'adventures', 'battles', 'health', 'defense', 'attack']);
    shows(p, SCREENS.leaderboard(p, board));
    await request(p, 'leaderboard', 'GET', `/api/leaderboards/${board}`);
  },
  async 'social summary'(p) {
    // The frame's badges: the player stays on the screen it shows.
    await request(p, 'social summary', 'GET', '/api/social/summary');
  },
};
const WEIGHTS = MIX.map(([, w]) => w);
const TOTAL = WEIGHTS.reduce((a, b) => a + b, 0);
function nextAction() {
  let r = random() * TOTAL;
  for (const [name, w] of MIX) {
    r -= w;
    if (r < 0) return name;
  }
  return MIX[0][0];
}

async function play(p) {
  while (running && p.online) {
    await new Promise((r) => setTimeout(r, think(thinkSeconds)));
    if (!running || !p.online) return;
    try {
      await ACTIONS[nextAction()](p);
    } catch (error) {
      if (samples.length < 40) samples.push(`client error: ${error.stack?.split('\n').slice(0, 2).join(' ')}`);
    }
  }
}

/**
 * Players whose sockets their receiver process opened: each starts playing, from the hub (as its
 * receiver told the server). Each player's first friend (a friendship written with the players,
 * `friendId`) is a player of this thread.
 */
function addPlayers(list, timeScale) {
  const fresh = list.map((d) => ({
    ...d,
    timeScale,
    friends: [],
    pendingDms: [],
    pendingRequests: [],
    online: true,
    copper: 0,
    chips: 0,
    held: heldKeys(d, SCREENS.hub(d)),
  }));
  for (const p of fresh) {
    players.push(p);
    online.push(p);
    byUserId.set(p.userId, p);
  }
  for (const p of fresh) {
    if (p.friendId) befriend(p, byUserId.get(p.friendId));
    play(p);
  }
}

/** The global chat: `perSecond` lines a second from this worker's online players, each within the throttle (5 per 10 s). */
function chat(perSecond) {
  clearInterval(chatTimer);
  if (!perSecond) return;
  const said = new Map();
  let due = 0;
  const tick = 100;
  chatTimer = setInterval(() => {
    due += (perSecond * tick) / 1000;
    while (due >= 1 && online.length) {
      due -= 1;
      const t = Date.now();
      let speaker;
      for (let k = 0; k < 10 && !speaker; k++) {
        const p = pick(online);
        const times = (said.get(p) ?? []).filter((at) => t - at < 10_500);
        said.set(p, times);
        if (times.length < 5) speaker = p;
      }
      if (!speaker) continue;
      said.get(speaker).push(t);
      request(speaker, 'chat line', 'POST', '/api/chat', { text: `sim ${now().toFixed(2)}` });
    }
  }, tick);
}

// This thread's own event loop: a late turn here adds to every latency it measures.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

parentPort.on('message', (m) => {
  if (m.type === 'add') {
    addPlayers(m.players, m.timeScale);
    parentPort.postMessage({ type: 'added', online: online.length });
  } else if (m.type === 'arrival') onArrival(m);
  else if (m.type === 'chat') chat(m.perSecond);
  else if (m.type === 'reset') {
    stats = new Map();
    pushes = new Map();
    samples = [];
    loopDelay.reset();
    parentPort.postMessage({ type: 'reset' });
  } else if (m.type === 'report') {
    const out = (map) => [...map].map(([name, s]) => ({ name, ...s }));
    parentPort.postMessage({ type: 'report', actions: out(stats), pushes: out(pushes), samples, online: online.length, loopMaxMs: loopDelay.max / 1e6 });
  } else if (m.type === 'stop') {
    running = false;
    clearInterval(chatTimer);
    for (const p of players) p.online = false;
    for (const { agent } of agents.values()) agent.destroy();
    parentPort.postMessage({ type: 'stopped' });
  }
});
