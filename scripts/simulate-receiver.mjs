// A receiver process of `npm run simulate` (scripts/simulate.mjs, issue 45): the WebSockets of its
// share of the players, apart from the threads that time the answers, so a pass of pushes arriving
// here never delays a request's timing there. It opens each player's socket, tells the server what
// the tab holds (the `watch` messages the answer threads decide, relayed by the main process), and
// times the pushes: a chat line from the send time in its text to its arrival; a direct message's
// and a friend request's arrival go back to the player's answer thread, which holds the send time
// (and answers the request). Times are the machine's monotonic clock (simulate-support.mjs).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { CHAT_KEY, clock, heldKeys, SCREENS } from './simulate-support.mjs';
import { newHistogram, record } from './simulate-rule.ts';

/** The players of this process by user id: { ws, held (ids of the keys), chatShownAt, online }. */
const players = new Map();
let opened = 0;
let running = true;
let pushes = new Map();
const statOf = (name) => pushes.get(name) ?? pushes.set(name, { hist: newHistogram(), ok: 0, refused: 0, failed: 0 }).get(name);
const send = (m) => process.send?.(m);

const CHAT_MARK = Buffer.from('"text":"sim ');
const DM_MARK = Buffer.from('"type":"direct-message"');
const FRIEND_MARK = Buffer.from('"type":"friend-request"');

function onPush(p, data) {
  const at = clock();
  // A chat line carries its send time in its text: `sim <ms>`.
  const c = data.indexOf(CHAT_MARK);
  if (c >= 0) {
    const sentAt = Number(/^[\d.]+/.exec(data.toString('latin1', c + CHAT_MARK.length, c + CHAT_MARK.length + 24))?.[0]);
    // A line sent before the tab showed the chat again is the server's replay (REPLAY_MS) for a tab
    // whose refetch may have missed it, not a late push.
    if (sentAt < p.chatShownAt) return;
    const s = statOf('chat line at every tab holding the chat');
    s.ok += 1;
    if (sentAt) record(s.hist, at - sentAt);
    return;
  }
  if (data.indexOf(DM_MARK) >= 0) return send({ type: 'arrival', kind: 'direct-message', userId: p.userId, at });
  if (data.indexOf(FRIEND_MARK) >= 0) {
    try {
      const { friendshipId, from } = JSON.parse(data.toString('utf8'));
      send({ type: 'arrival', kind: 'friend-request', userId: p.userId, at, friendshipId, fromId: from.id });
    } catch {
      /* not ours */
    }
  }
}

function watch(p, keys) {
  if (p.ws.readyState === WebSocket.OPEN) p.ws.send(JSON.stringify({ type: 'watch', keys }));
}

function openSocket(data) {
  return new Promise((resolve) => {
    const p = { userId: data.userId, online: false, chatShownAt: 0 };
    const ws = new WebSocket(`${data.base.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { cookie: data.cookie, origin: data.base },
      perMessageDeflate: false,
    });
    p.ws = ws;
    let hello = false;
    const timer = setTimeout(() => {
      if (!hello) {
        ws.terminate();
        resolve(false);
      }
    }, 60_000);
    ws.on('message', (message) => {
      if (hello) return onPush(p, message);
      if (message.indexOf('"hello"') >= 0) {
        hello = true;
        clearTimeout(timer);
        // A player comes online on the hub (its answer thread starts from the same keys).
        const held = heldKeys(data, SCREENS.hub(data));
        p.chatShownAt = held.has(CHAT_KEY) ? clock() : 0;
        watch(p, [...held.values()]);
        p.online = true;
        players.set(p.userId, p);
        resolve(true);
      }
    });
    ws.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    ws.on('close', () => {
      clearTimeout(timer);
      if (hello && running && p.online) statOf('socket closed by the server').failed += 1;
      if (!hello) resolve(false);
    });
  });
}

/** Opens the sockets, 100 at a time (a burst of thousands overflows the listen backlog); answers the user ids that failed. */
async function open(list) {
  const failed = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(100, list.length) }, async () => {
      while (next < list.length) {
        const data = list[next++];
        if (await openSocket(data)) opened += 1;
        else failed.push(data.userId);
      }
    }),
  );
  return failed;
}

// This process's own event loop: a late turn here adds to the pushes it times.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

// The main process gone (a run interrupted): the sockets go with this process.
process.on('disconnect', () => process.exit(0));

process.on('message', async (m) => {
  if (m.type === 'open') send({ type: 'opened', failed: await open(m.players) });
  else if (m.type === 'watch') {
    const p = players.get(m.userId);
    if (!p) return;
    if (m.chatShownAt) p.chatShownAt = m.chatShownAt;
    watch(p, m.keys);
  } else if (m.type === 'reset') {
    pushes = new Map();
    loopDelay.reset();
    send({ type: 'reset' });
  } else if (m.type === 'report') {
    send({ type: 'report', pushes: [...pushes].map(([name, s]) => ({ name, ...s })), online: opened, loopMaxMs: loopDelay.max / 1e6 });
  } else if (m.type === 'stop') {
    running = false;
    for (const p of players.values()) {
      p.online = false;
      p.ws.terminate();
    }
    send({ type: 'stopped' });
  }
});
