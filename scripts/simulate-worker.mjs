// A worker thread of `npm run simulate` (scripts/simulate.mjs): its share of the players, each with
// a signed-in session, a character and an open WebSocket, playing the mix of simulate-support.mjs
// with think time. It times every request (request -> answer) and the pushes that reach the other
// players' sockets (a chat line at every tab, a direct message and a friend request at their
// recipient): the time from just before the change's request to the push's arrival.
// Social actions stay between the players of one worker, so the sender's clock and pending list are
// at hand when the recipient's push arrives.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { queryKeys } from '@rpg/contract';
import { MIX, newHistogram, record, SCREENS } from './simulate-support.mjs';

const { thinkSeconds, seed } = workerData;
const agents = new Map();
/** Wall-clock ms with sub-ms precision. */
const now = () => performance.timeOrigin + performance.now();

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
// in 30 s). Per push kind, a histogram of change -> push.
let stats = new Map();
let pushes = new Map();
let samples = [];
const statOf = (map, name) => map.get(name) ?? map.set(name, { hist: newHistogram(), ok: 0, refused: 0, failed: 0 }).get(name);

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
      const s = statOf(stats, action);
      if (status >= 200 && status < 300) s.ok += 1;
      else if (status >= 400 && status < 500 && status !== 401 && status !== 429) s.refused += 1;
      else s.failed += 1;
      if (status >= 200 && status < 500) record(s.hist, ms);
      if ((status >= 500 || status === 0 || status === 401 || status === 429 || (status >= 400 && status < 500)) && samples.length < 40) samples.push(`${action}: ${method} ${path} ${status} ${String(text).slice(0, 160)}`);
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

const CHAT_MARK = Buffer.from('"text":"sim ');
const DM_MARK = Buffer.from('"type":"direct-message"');
const FRIEND_MARK = Buffer.from('"type":"friend-request"');

function onPush(player, data) {
  const at = now();
  // A chat line carries its send time in its text: `sim <ms>`.
  const c = data.indexOf(CHAT_MARK);
  if (c >= 0) {
    const sentAt = Number(/^[\d.]+/.exec(data.toString('latin1', c + CHAT_MARK.length, c + CHAT_MARK.length + 24))?.[0]);
    // A line sent before the tab showed the chat again is the server's replay (REPLAY_MS) for a tab
    // whose refetch may have missed it, not a late push.
    if (sentAt < player.chatShownAt) return;
    if (sentAt) record(statOf(pushes, 'chat line at every tab holding the chat').hist, at - sentAt);
    statOf(pushes, 'chat line at every tab holding the chat').ok += 1;
    return;
  }
  if (data.indexOf(DM_MARK) >= 0) {
    const sentAt = player.pendingDms.shift();
    const s = statOf(pushes, 'direct message at its recipient');
    s.ok += 1;
    if (sentAt) record(s.hist, at - sentAt);
    return;
  }
  if (data.indexOf(FRIEND_MARK) >= 0) {
    const s = statOf(pushes, 'friend request at its recipient');
    s.ok += 1;
    const sentAt = player.pendingRequests.shift();
    if (sentAt) record(s.hist, at - sentAt);
    try {
      const { friendshipId, from } = JSON.parse(data.toString('utf8'));
      // The player answers the request after a think time.
      setTimeout(() => acceptRequest(player, friendshipId, from.id), think(thinkSeconds / 3));
    } catch {
      /* not ours */
    }
  }
}

function openSocket(player) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${player.base.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie: player.cookie, origin: player.base }, perMessageDeflate: false });
    let hello = false;
    const timer = setTimeout(() => {
      if (!hello) {
        ws.terminate();
        resolve(false);
      }
    }, 60_000);
    ws.on('message', (data) => {
      if (hello) return onPush(player, data);
      if (data.indexOf('"hello"') >= 0) {
        hello = true;
        clearTimeout(timer);
        shows(player, SCREENS.hub(player), { fetch: false });
        resolve(true);
      }
    });
    ws.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    ws.on('close', () => {
      if (hello && running && player.online) {
        const s = statOf(pushes, 'socket closed by the server');
        s.failed += 1;
      }
      clearTimeout(timer);
      if (!hello) resolve(false);
    });
    player.ws = ws;
  });
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

const CHAT = JSON.stringify(queryKeys.chat);

/**
 * The player's tab shows a screen: its query keys and the frame's are what the tab holds, and the
 * tab tells the server (a `watch` message, as the web's watch.ts) when that changed. A screen that
 * shows the global chat again refetches it, as the web does (its lines stopped coming when the
 * chat left the screen); `{ fetch: false }`: the tab is there already (a player coming online).
 */
function shows(p, keys, { fetch = true } = {}) {
  const next = new Map();
  for (const key of [...SCREENS.frame(p), ...keys]) next.set(JSON.stringify(key), key);
  const chatAgain = next.has(CHAT) && !p.held.has(CHAT);
  const changed = next.size !== p.held.size || [...next.keys()].some((id) => !p.held.has(id));
  p.held = next;
  if (changed && p.ws?.readyState === WebSocket.OPEN) p.ws.send(JSON.stringify({ type: 'watch', keys: [...next.values()] }));
  if (chatAgain) p.chatShownAt = now();
  if (chatAgain && fetch) void request(p, 'chat (shown again)', 'GET', '/api/chat');
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
      if (view.active.progress >= 1 || Date.parse(view.active.endsAt ?? '') < Date.now()) return void (await request(p, 'craft collect', 'POST', `${c(p)}/crafting/collect`));
      return ACTIONS.crafting(p);
    }
    const recipe = view.recipes.find((r) => r.requiredLevel <= view.level && r.ingredients.every((i) => i.have >= i.need) && (r.locked === undefined || !r.locked));
    p.crafting = undefined;
    if (!recipe) return ACTIONS.crafting(p);
    await request(p, 'craft start', 'POST', `${c(p)}/crafting/start`, { recipeId: recipe.id });
  },
  async chips(p) {
    shows(p, SCREENS.hub(p));
    if (onAdventure(p)) return ACTIONS.poker(p);
    if ((p.chips ?? 0) > 50 && random() < 0.5) return absorb(p, (await request(p, 'chips cash-out', 'POST', `${c(p)}/chips/cash-out`, { amount: p.chips })).json);
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
    const { json } = await request(p, 'post', 'POST', '/api/posts', { text: pick(['A fine day for a quest.', 'Who wants to raid the caves?', 'Selling oak wood, cheap!']) });
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
 * Brings players online: each opens its socket and starts playing. Each player's first friend (a
 * friendship written with the players, `friendId`) is a player of this worker.
 */
async function addPlayers(list, timeScale) {
  const fresh = list.map((d) => ({ ...d, timeScale, friends: [], pendingDms: [], pendingRequests: [], online: false, copper: 0, chips: 0, held: new Map(), chatShownAt: 0 }));
  let failed = 0;
  // 100 sockets at a time: a burst of thousands overflows the listen backlog.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(100, fresh.length) }, async () => {
      while (next < fresh.length) {
        const p = fresh[next++];
        if (await openSocket(p)) {
          p.online = true;
          players.push(p);
          online.push(p);
          byUserId.set(p.userId, p);
        } else failed += 1;
      }
    }),
  );
  for (const p of fresh.filter((f) => f.online)) {
    if (p.friendId) befriend(p, byUserId.get(p.friendId));
    play(p);
  }
  return failed;
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

parentPort.on('message', async (m) => {
  if (m.type === 'add') {
    const failed = await addPlayers(m.players, m.timeScale);
    parentPort.postMessage({ type: 'added', failed, online: online.length });
  } else if (m.type === 'chat') chat(m.perSecond);
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
    for (const p of players) {
      p.online = false;
      p.ws?.terminate();
    }
    for (const { agent } of agents.values()) agent.destroy();
    parentPort.postMessage({ type: 'stopped' });
  }
});
