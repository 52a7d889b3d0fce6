import { emptyQuery, UNAVAILABLE } from '@rpg/contract';
import { REQUEST_TEXTS } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { isForeignRequest, type OriginPolicy } from '../http/origin.ts';
import { readSession, type SessionCache } from '../http/session.ts';
import type { Admission } from '../realtime/gateway.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { handOver, isUpgrade } from '../realtime/upgrade.ts';

/**
 * One WebSocket per signed-in tab, authenticated by the session cookie, through the session cache
 * as every route (a tab's first request after its socket then finds the session read). The
 * upgrade is routed as any request (realtime/upgrade.ts: the rate limit applies); the socket is
 * then the gateway's (realtime/gateway.ts, in this process or its own), refusals included: a tab
 * from a foreign page is closed with 4403, one not signed in with 4401 (it does not reconnect).
 */
export async function realtimeRoutes(app: FastifyInstance, deps: { auth: Auth; hub: RealtimeHub; originPolicy: OriginPolicy; sessions: SessionCache }) {
  app.get('/api/realtime', { config: { websocket: true }, schema: { querystring: emptyQuery } }, async (request, reply) => {
    if (!isUpgrade(request)) return reply.code(426).header('upgrade', 'websocket').send({ error: 'upgrade_required', message: REQUEST_TEXTS.websocketOnly });
    // A gateway process restarting: the tab retries after its back-off.
    if (!deps.hub.accepting) {
      const { error, message, retryAfterSeconds } = UNAVAILABLE.restarting;
      return reply.code(503).header('retry-after', String(retryAfterSeconds)).send({ error, message });
    }
    let admission: Admission;
    if (isForeignRequest(request, deps.originPolicy)) admission = { refuse: 'foreign-origin' };
    else {
      const signedIn = await readSession(deps.auth, request.headers, deps.sessions).catch(() => undefined);
      admission = signedIn ? { userId: signedIn.userId, sessionId: signedIn.sessionId } : { refuse: 'signed-out' };
    }
    handOver(request, reply, admission, (upgrade, socket, decided) => deps.hub.adopt(upgrade, socket, decided));
    return reply;
  });
}
