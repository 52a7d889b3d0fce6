import { characterParamsSchema, HISTORY_PAGE_SIZE, historyPageSchema, historyQuerySchema, type HistoryPage } from '@rpg/contract';
import { WORLD_ACCOUNTS, type WorldAccount } from '@rpg/game';
import type { FastifyInstance } from 'fastify';
import { historyPage, type HistoryRow } from '../../db/queries/ledger.ts';
import type { ZodTypeProvider } from '../../http/schema.ts';
import { player } from '../../http/session.ts';
import { characterIdParam, found, type CharacterRouteDeps } from './shared.ts';

/** A ledger row as the History shows it: the other side is a player (by name) or a world account. */
export function historyEntryView(row: HistoryRow): HistoryPage['entries'][number] {
  const world = WORLD_ACCOUNTS.find((account: WorldAccount) => account === row.otherAccount) ?? null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    direction: row.direction,
    asset: row.asset,
    amount: row.amount,
    itemName: row.itemName,
    reason: row.reason,
    otherPlayer: row.otherPlayer,
    otherAccount: world,
  };
}

/**
 * GET /api/characters/:id/history?before=: the character's ledger (issue 29), newest first, a page
 * at a time (the cursor is the last row's id). Only the player's own character (404 otherwise).
 */
export function historyRoute(app: FastifyInstance, { db, guard }: CharacterRouteDeps): void {
  const schema = { params: characterParamsSchema, querystring: historyQuerySchema, response: { 200: historyPageSchema } };
  app.withTypeProvider<ZodTypeProvider>().get('/api/characters/:id/history', { onRequest: guard, schema }, async (request): Promise<HistoryPage> => {
    const { userId } = player(request);
    const id = characterIdParam(request);
    const rows = found(await historyPage(db, userId, id, request.query.before, HISTORY_PAGE_SIZE));
    const page = rows.slice(0, HISTORY_PAGE_SIZE);
    return { entries: page.map(historyEntryView), nextCursor: rows.length > HISTORY_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null };
  });
}
