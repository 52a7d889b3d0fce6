import { meResponseSchema, outboxMailListSchema, outboxQuerySchema, type Me } from '@rpg/contract';
import { profileNotFound } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { getProfile, recordSignIn } from '../auth/profile.ts';
import type { Db } from '../db/client.ts';
import { emptyQuery, type ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import { readOutbox } from '../mail/mailer.ts';

export async function accountRoutes(app: FastifyInstance, { db, guard }: { db: Db; guard: ReturnType<typeof requireUser> }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/me', { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: meResponseSchema } } }, async (request): Promise<Me> => {
    const { userId } = player(request);
    let profile = await getProfile(db, userId);
    if (!profile) {
      // A session that predates the profile row (e.g. created before a restore): make it now.
      await recordSignIn(db, userId);
      profile = await getProfile(db, userId);
    }
    if (!profile) throw profileNotFound();
    return {
      id: profile.id,
      email: profile.email,
      username: profile.username,
      avatarUrl: profile.avatarUrl,
      bannerUrl: profile.bannerUrl,
      lastLogin: profile.lastLogin?.toISOString() ?? null,
      isOnline: profile.isOnline,
      lastSeen: profile.lastSeen?.toISOString() ?? null,
      role: profile.role,
    };
  });
}

/** Development and the test suite only (config.devOutbox): the mails that would have gone out (issue: GET /api/dev/outbox?to=ADDRESS). */
export async function devRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dev/outbox', { schema: { querystring: outboxQuerySchema, response: { 200: outboxMailListSchema } } }, async (request) => {
      return readOutbox(db, request.query.to);
    });
}
