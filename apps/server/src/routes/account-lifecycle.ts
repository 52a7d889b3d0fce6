import {
  accountExportSchema,
  deleteAccountBodySchema,
  emptyBody,
  legalDocumentSchema,
  legalParamsSchema,
  noContentSchema,
  queryKeys,
  sessionListSchema,
  sessionParamsSchema,
  type SessionList,
} from '@rpg/contract';
import { accountNotFound, currentSessionRefusal, deviceName, passwordRequiredRefusal, unknownSessionRefusal, wrongPasswordRefusal } from '@rpg/game';
import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import { emptyQuery, type ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser, type SessionCache } from '../http/session.ts';
import type { Pusher } from '../realtime/notify.ts';
import { deleteAccount, exportAccount } from '../services/account.ts';
import { ACCOUNT_DELETED } from '../services/read-caches.ts';
import { legalDocument } from '../services/legal.ts';

export interface AccountLifecycleDeps {
  db: Db;
  auth: Auth;
  guard: ReturnType<typeof requireUser>;
  sessions: SessionCache;
  push: Pusher;
  dataDir: string;
  legalDir: string;
  rateLimitFactor: number;
  /** Every session of the player ended (a deletion): caches and sockets, in every process. */
  revokeSessions(userId: string): void;
}

const headersOf = (request: FastifyRequest) => fromNodeHeaders(request.headers);

/** The player's sessions as better-auth lists them (its own API: the active ones of the asking session's account). */
async function listed(auth: Auth, request: FastifyRequest) {
  return auth.api.listSessions({ headers: headersOf(request) });
}

/**
 * Issue 43: an account like a real service's. The signed-in devices and ending one; "Download my
 * data"; "Delete account"; the terms and privacy pages.
 */
export async function accountLifecycleRoutes(app: FastifyInstance, deps: AccountLifecycleDeps): Promise<void> {
  const { db, auth, guard, sessions, push, dataDir, legalDir, rateLimitFactor } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/sessions',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: sessionListSchema } } },
    async (request): Promise<SessionList> => {
      const { sessionId } = player(request);
      const rows = await listed(auth, request);
      return {
        sessions: rows
          .map((s) => ({
            id: s.id,
            device: deviceName(s.userAgent),
            ipAddress: s.ipAddress ?? null,
            lastSeen: new Date(Math.max(new Date(s.updatedAt).getTime(), new Date(s.createdAt).getTime())).toISOString(),
            signedInAt: new Date(s.createdAt).toISOString(),
            current: s.id === sessionId,
          }))
          .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen)),
      };
    },
  );

  // One device signed out: its tabs are told and closed, in every process (as its own sign-out would).
  api.post(
    '/api/account/sessions/:sessionId/revoke',
    { onRequest: guard, schema: { params: sessionParamsSchema, body: emptyBody, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { userId, sessionId: current } = player(request);
      await throttlePlayer(db, 'sessionRevocations', userId, rateLimitFactor);
      const { sessionId } = request.params;
      if (sessionId === current) throw currentSessionRefusal();
      const target = (await listed(auth, request)).find((s) => s.id === sessionId);
      if (!target) throw unknownSessionRefusal();
      await auth.api.revokeSession({ headers: headersOf(request), body: { token: target.token } });
      sessions.evictSession(sessionId);
      push.endSession(sessionId);
      push.invalidate(userId, [queryKeys.sessions]);
      return reply.status(204).send();
    },
  );

  api.get('/api/account/export', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: accountExportSchema } } }, async (request, reply) => {
    const { userId } = player(request);
    await throttlePlayer(db, 'dataExport', userId, rateLimitFactor);
    const data = await exportAccount(db, userId);
    if (!data) throw accountNotFound();
    const day = data.exportedAt.slice(0, 10);
    reply.header('content-disposition', `attachment; filename="rpg-adventure-data-${day}.json"`).header('cache-control', 'no-store');
    return data;
  });

  api.post(
    '/api/account/delete',
    { onRequest: guard, schema: { body: deleteAccountBodySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      const { userId } = player(request);
      await throttlePlayer(db, 'accountDeletion', userId, rateLimitFactor);
      const { password } = request.body;
      if (!password) throw passwordRequiredRefusal();
      try {
        await auth.api.verifyPassword({ headers: headersOf(request), body: { password } });
      } catch (error) {
        if (isAPIError(error) && error.status === 'BAD_REQUEST') throw wrongPasswordRefusal();
        throw error;
      }
      await deleteAccount(db, userId, dataDir, request.log);
      deps.revokeSessions(userId);
      // Its lines, its characters on the boards and its place in others' mute lists are gone.
      push.readsChanged(ACCOUNT_DELETED);
      push.broadcast({ type: 'presence', userId, isOnline: false, lastSeen: new Date().toISOString() });
      reply.clearCookie(sessions.cookieName, { path: '/' });
      return reply.status(204).send();
    },
  );

  api.get('/api/legal/:document', { schema: { params: legalParamsSchema, querystring: emptyQuery, response: { 200: legalDocumentSchema } } }, async (request) =>
    legalDocument(legalDir, request.params.document),
  );
}
