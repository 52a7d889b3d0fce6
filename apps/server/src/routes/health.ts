import { healthResponseSchema } from '@rpg/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { emptyQuery } from '../http/schema.ts';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/health', { schema: { querystring: emptyQuery, response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { ok: true, db: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ ok: false, db: database.kind });
    }
  });
}
