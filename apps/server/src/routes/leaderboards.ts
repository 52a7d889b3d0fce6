import { emptyQuery, leaderboardParamsSchema, leaderboardResponseSchema, type LeaderboardResponse } from '@rpg/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player, type requireUser } from '../http/session.ts';
import { readBoard } from '../services/leaderboards.ts';
import type { ReadCaches } from '../services/read-caches.ts';

export interface LeaderboardRouteDeps {
  db: Db;
  guard: ReturnType<typeof requireUser>;
  reads: ReadCaches;
  rateLimitFactor: number;
}

/** Spec 03 §2 GET /api/leaderboards/:board (xp, adventures, battles, health, defense, attack). */
export async function leaderboardRoutes(app: FastifyInstance, { db, guard, reads, rateLimitFactor }: LeaderboardRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: leaderboardParamsSchema, querystring: emptyQuery, response: { 200: leaderboardResponseSchema } };
  api.get('/api/leaderboards/:board', { onRequest: guard, schema }, async (request): Promise<LeaderboardResponse> => {
    const { userId } = player(request);
    // The own ranks are counted over every character: per account, a read's cost grows with the players.
    await throttlePlayer(db, 'leaderboards', userId, rateLimitFactor);
    // The top shared by every reader while no write changed it; the own ranks read per request.
    return readBoard(db, request.params.board, userId, reads);
  });
}
