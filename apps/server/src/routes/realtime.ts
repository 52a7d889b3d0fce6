import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { isForeignRequest, type OriginPolicy } from '../http/origin.ts';
import { readSession, type SessionCache } from '../http/session.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

/**
 * One WebSocket per signed-in tab, authenticated by the session cookie, through the session cache
 * as every route (a tab's first request after its socket then finds the session read).
 */
export async function realtimeRoutes(app: FastifyInstance, deps: { auth: Auth; hub: RealtimeHub; originPolicy: OriginPolicy; sessions: SessionCache }) {
  app.get('/api/realtime', { websocket: true }, async (socket, request) => {
    if (isForeignRequest(request, deps.originPolicy)) {
      socket.close(4403, 'forbidden origin');
      return;
    }
    const signedIn = await readSession(deps.auth, request.headers, deps.sessions).catch(() => undefined);
    if (!signedIn) {
      socket.close(4401, 'not signed in');
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    try {
      await deps.hub.attach(socket, request.raw.socket, signedIn.userId, signedIn.sessionId);
    } catch (error) {
      request.log.error({ err: error }, 'attaching a socket failed');
      socket.close(1011, 'try again');
    }
  });
}
