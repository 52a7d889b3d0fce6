/**
 * The realtime gateway's own process (RPG_GATEWAY=process; forked by gateway-fork.ts): a lean
 * entry, only the gateway (gateway.ts), ws and the contract's push shapes: no Fastify, no driver,
 * no SQL. What it reads and writes in the database goes over IPC to the API process (store.ts).
 * It ends when the API process does (its IPC channel closes); signals are the API process's to
 * handle (a Ctrl-C reaches the whole process group), which then closes it.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { BusMessage } from './bus.ts';
import { Gateway, type Admission, type Upgrade } from './gateway.ts';
import { Channel } from './ipc.ts';
import { remoteStore } from './store.ts';

type ParentMessage = { t: 'bus'; m: BusMessage } | { t: 'socket'; upgrade: Upgrade; admission: Admission };

const send = (message: object): boolean => {
  if (!process.connected || !process.send) return false;
  process.send(message);
  return true;
};

/** A log line's fields, sendable (an error as its name, message, code and stack). */
function plain(fields: object): object {
  const out: Record<string, unknown> = { ...fields };
  const err = (fields as { err?: unknown }).err;
  if (err instanceof Error) out.err = { type: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack };
  return out;
}

const log = {
  error: (obj: object, msg?: string) => send({ t: 'log', level: 'error', obj: plain(obj), msg }),
  warn: (obj: object, msg?: string) => send({ t: 'log', level: 'warn', obj: plain(obj), msg }),
  info: (obj: object, msg?: string) => send({ t: 'log', level: 'info', obj: plain(obj), msg }),
};

const channel: Channel = new Channel(send, async (op, args): Promise<unknown> => {
  if (op === 'close') return gateway.close();
  if (op === 'sweep') return gateway.sweep();
  if (op === 'sweepSlice') return gateway.sweepSlice(args as number);
  throw new Error(`unknown request ${op}`);
});
// Requests come once it is made (after `ready`).
const gateway: Gateway = new Gateway(
  remoteStore(channel),
  (message) => channel.call('publish', message),
  log,
  process.env.RPG_GATEWAY_INSTANCE ?? randomUUID(),
);

// The count of open tabs, once per turn of the event loop at most (a gauge of /metrics).
let countQueued = false;
gateway.onCount = () => {
  if (countQueued) return;
  countQueued = true;
  setImmediate(() => {
    countQueued = false;
    send({ t: 'count', n: gateway.connectionCount });
  });
};
gateway.onFlushed = (pushes, lag) => send({ t: 'flushed', pushes, lag });
gateway.onPlayersSeen = (userIds) => send({ t: 'seen', userIds: [...userIds] });

process.on('message', (message: ParentMessage, handle?: unknown) => {
  if (channel.receive(message)) return;
  if (message.t === 'bus') gateway.receive(message.m);
  else if (message.t === 'socket' && handle) gateway.adopt(message.upgrade, handle as Socket, message.admission);
});
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
gateway.start();
send({ t: 'ready' });
