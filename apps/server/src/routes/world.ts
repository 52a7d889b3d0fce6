import { emptyQuery, worldResponseSchema, type WorldResponse } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/schema.ts';
import type { requireUser } from '../http/session.ts';
import { worldView } from '../services/world.ts';

/** Issue 42 GET /api/world: day or night, the world's hour and each land's weather, the same for everyone. */
export async function worldRoutes(app: FastifyInstance, { guard, timeScale }: { guard: ReturnType<typeof requireUser>; timeScale: number }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: emptyQuery, response: { 200: worldResponseSchema } };
  api.get('/api/world', { onRequest: guard, schema }, async (): Promise<WorldResponse> => worldView(Date.now(), timeScale));
}
