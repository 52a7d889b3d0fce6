import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admission } from './gateway.ts';

/** The socket and head of an upgrade request, kept on the request while Fastify routes it. */
const UPGRADE = Symbol('upgrade');
type UpgradeRequest = IncomingMessage & { [UPGRADE]?: { socket: Duplex; head: Buffer; response: ServerResponse } };

function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * WebSocket upgrades go through Fastify's router and hooks as any request does: the rate limit
 * (per account once signed in, per address before), the stop's 503, the origin and session checks
 * of the route (routes/realtime.ts). A refusal written before the route hands the socket over
 * (a 429, a 503, an error) is an HTTP answer on the socket, which is then closed.
 */
export function routeUpgrades(app: FastifyInstance): void {
  const onUpgrade = (request: UpgradeRequest, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    const response = new ServerResponse(request);
    request[UPGRADE] = { socket, head, response };
    response.assignSocket(socket as never);
    response.on('finish', () => socket.destroy());
    try {
      app.routing(request, response);
    } catch (error) {
      app.log.warn({ err: error }, 'websocket upgrade failed');
      socket.destroy();
    }
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });
}

/** Whether the request is an upgrade (a socket to hand over). */
export function isUpgrade(request: FastifyRequest): boolean {
  return (request.raw as UpgradeRequest)[UPGRADE] !== undefined;
}

/** Hands the upgrade's socket to `adopt` (the gateway): Fastify answers nothing more on it. */
export function handOver(
  request: FastifyRequest,
  reply: FastifyReply,
  admission: Admission,
  adopt: (upgrade: { url: string; headers: IncomingMessage['headers']; head: Uint8Array }, socket: Duplex, admission: Admission) => void,
): void {
  const raw = request.raw as UpgradeRequest;
  const upgrade = raw[UPGRADE];
  if (!upgrade) throw new Error('not an upgrade');
  reply.hijack();
  upgrade.response.detachSocket(upgrade.socket as never);
  upgrade.socket.off('error', destroyOnError);
  delete raw[UPGRADE];
  adopt({ url: raw.url ?? '/', headers: raw.headers, head: upgrade.head }, upgrade.socket, admission);
}
