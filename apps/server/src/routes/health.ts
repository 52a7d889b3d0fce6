import { healthResponseSchema, readyResponseSchema } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import { migrationState, type Database } from '../db/client.ts';
import { pingDatabase } from '../db/queries/health.ts';
import { emptyQuery } from '../http/schema.ts';
import type { Bus } from '../realtime/bus.ts';

/** The process's state that readiness reports: shutting down from the signal on. */
export interface Lifecycle {
  shuttingDown: boolean;
}

/**
 * Liveness and readiness apart (docs/operations.md). `/api/health` (liveness): the process answers and
 * its database does; a failing one is restarted. `/api/ready` (readiness): this process should get
 * traffic: the database reachable, every migration of this code applied, the push bus listening,
 * and not shutting down. A proxy or orchestrator stops sending it players while it answers 503.
 */
export async function healthRoutes(app: FastifyInstance, { database, bus, lifecycle }: { database: Database; bus: Bus; lifecycle: Lifecycle }) {
  // Set by main.ts at SIGTERM (before its drain), and here once the app closes whatever closed it.
  app.addHook('preClose', async () => {
    lifecycle.shuttingDown = true;
  });

  app.get(
    '/api/health',
    { schema: { querystring: emptyQuery, response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (request, reply) => {
      try {
        await pingDatabase(database.db);
        return { ok: true, db: database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({ ok: false, db: database.kind });
      }
    },
  );

  app.get('/api/ready', { schema: { querystring: emptyQuery, response: { 200: readyResponseSchema, 503: readyResponseSchema } } }, async (request, reply) => {
    const checks = { database: false, migrations: false, bus: bus.listening(), shuttingDown: lifecycle.shuttingDown };
    try {
      const { known, applied } = await migrationState(database.db);
      checks.database = true;
      // A newer process may have applied more (a rolling upgrade): this code's are all there.
      checks.migrations = applied >= known;
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
    }
    const ready = checks.database && checks.migrations && checks.bus && !checks.shuttingDown;
    return reply.status(ready ? 200 : 503).send({ ready, ...checks });
  });
}
