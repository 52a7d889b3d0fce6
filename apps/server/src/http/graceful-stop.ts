import type { Socket } from 'node:net';
import { UNAVAILABLE } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';

/** How long a stop waits at most for the requests of connections it had accepted to be read. */
const READ_ACCEPTED_MS = 2_000;

/**
 * A graceful stop serves every request it has accepted (issue 46, finding 11). When the app closes
 * (SIGTERM, after main.ts's drain), Node's `server.close()` ends every connection that has no
 * request in progress, and a connection accepted whose request had not been read yet is one: its
 * client saw a reset connection (24 of 30 console lines sent 30 ms before a SIGTERM). So:
 *
 * - From the start of the close, a request on a connection accepted before it is served, with
 *   `Connection: close`; a request on a connection accepted after it is answered 503 with
 *   `Retry-After` and a text that says to try again (nothing was done: the web client sends it again).
 * - The last step before the listener closes waits until every connection open then has had its
 *   request read (or READ_ACCEPTED_MS passed: a connection opened and never used, like a browser's
 *   preconnect, is let go), so none is ended unanswered.
 *
 * Call it first, before the other hooks; `lastBeforeListenerCloses` is a preClose hook added after
 * every other one (Fastify closes the listener right after the last).
 */
export function registerGracefulStop(app: FastifyInstance): { lastBeforeListenerCloses: () => Promise<void> } {
  /** Open connections; `unread`: those that have not had a request yet. */
  const open = new Set<Socket>();
  const unread = new Set<Socket>();
  let accepted: Set<Socket> | undefined;
  let allRead: (() => void) | undefined;
  const settle = () => {
    if (allRead && unread.size === 0) allRead();
  };
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    unread.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      unread.delete(socket);
      settle();
    });
  });
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    if (unread.delete(socket)) settle();
    if (!accepted) return done();
    if (request.raw.httpVersionMajor < 2) void reply.header('connection', 'close');
    if (accepted.has(socket)) return done();
    const { error, message, retryAfterSeconds } = UNAVAILABLE.restarting;
    void reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ error, message });
  });
  app.addHook('preClose', async () => {
    accepted = new Set(open);
  });
  return {
    lastBeforeListenerCloses: async () => {
      if (unread.size === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, READ_ACCEPTED_MS);
        timer.unref();
        allRead = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      allRead = undefined;
    },
  };
}
