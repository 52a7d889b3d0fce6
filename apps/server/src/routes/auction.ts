import {
  AUCTION_PAGE_SIZE,
  auctionActionResponseSchema,
  auctionBrowseQuerySchema,
  auctionBrowseSchema,
  auctionHistoryQuerySchema,
  auctionHistorySchema,
  cancelListingParamsSchema,
  changedKeys,
  characterParamsSchema,
  createListingBodySchema,
  emptyBody,
  emptyQuery,
  listingParamsSchema,
  myAuctionsSchema,
  type AuctionActionResponse,
  type AuctionBrowse,
  type AuctionHistory,
  type MyAuctions,
} from '@rpg/contract';
import { copper, listingNotFound, toCoins } from '@rpg/game';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { browseListings, readMyListings, salesOf } from '../db/queries/auction.ts';
import { throttlePlayer } from '../http/rateLimit.ts';
import type { ZodTypeProvider } from '../http/schema.ts';
import { player } from '../http/session.ts';
import { pusher } from '../realtime/notify.ts';
import { announceEach } from '../services/achievements.ts';
import { announceMarket, announceSale, auctionBrowseView, myAuctionsView, settleListings, type AuctionOutcome } from '../services/auction.ts';
import { buyItemNow, cancelItemNow, listItemNow } from '../services/auction-writes.ts';
import { characterIdParam } from './characters/shared.ts';
import { isUuid, type ItemRouteDeps } from './inventory.ts';
import { transaction } from '../db/transaction.ts';

/** :listingId of the route; one that cannot exist answers like another player's: 404. */
function listingIdParam(request: FastifyRequest): string {
  const { listingId } = request.params as { listingId: string };
  if (!isUuid(listingId)) throw listingNotFound();
  return listingId;
}

const answer = (outcome: AuctionOutcome): AuctionActionResponse => ({
  toast: outcome.toast,
  listing: outcome.listing,
  copper: outcome.copper,
  coins: toCoins(copper(outcome.copper)),
});

/**
 * Spec 03 §2-§5 auction house (DECISIONS §1/§2: one market on the server):
 * GET /api/auction/listings (others' active listings: search, tier, slot, sort, page),
 * GET /api/auction/mine, GET /api/auction/history?name=, POST /api/characters/:id/auction
 * { entryId, quantity?, price } (list, paying the fee), POST /api/characters/:id/auction/
 * :listingId/buy, POST /api/auction/:listingId/cancel. Reads settle the expired listings
 * first ("on read"), besides the scheduler.
 */
export async function auctionRoutes(app: FastifyInstance, { db, guard, hub, config }: ItemRouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/auction/listings',
    { onRequest: guard, schema: { querystring: auctionBrowseQuerySchema, response: { 200: auctionBrowseSchema } } },
    async (request): Promise<AuctionBrowse> => {
      const { userId } = player(request);
      const now = new Date();
      const { search, tier, slot, sort, page = 1 } = request.query;
      // One statement: the page and the listings past their end (any seller's), settled before
      // answering. Those are on no page and in no total (only listings not yet past `now` are), so
      // the page read before settling them is the answer after.
      const read = await browseListings(db, userId, { search, tier, slot, sort, page, pageSize: AUCTION_PAGE_SIZE }, now);
      if (read.due.length > 0) await settleListings(db, hub, request.log, now, read.due);
      return auctionBrowseView(read, page, AUCTION_PAGE_SIZE, now);
    },
  );

  api.get(
    '/api/auction/mine',
    { onRequest: guard, schema: { querystring: emptyQuery, response: { 200: myAuctionsSchema } } },
    async (request): Promise<MyAuctions> => {
      const { userId } = player(request);
      const now = new Date();
      // One statement; the seller's listings past their end are settled first, as before, and then read again.
      let read = await readMyListings(db, userId, now);
      if (read.due.length > 0) {
        await settleListings(db, hub, request.log, now, read.due);
        read = await readMyListings(db, userId, now);
      }
      return myAuctionsView(read, now);
    },
  );

  api.get(
    '/api/auction/history',
    { onRequest: guard, schema: { querystring: auctionHistoryQuerySchema, response: { 200: auctionHistorySchema } } },
    async (request): Promise<AuctionHistory> => {
      const { name } = request.query;
      const sales = await salesOf(db, name);
      return {
        name,
        sales: sales.map((s) => ({ price: s.price, coins: toCoins(copper(s.price)), quantity: s.quantity, soldAt: (s.soldAt ?? new Date(0)).toISOString() })),
      };
    },
  );

  api.post(
    '/api/characters/:id/auction',
    { onRequest: guard, schema: { params: characterParamsSchema, body: createListingBodySchema, response: { 200: auctionActionResponseSchema } } },
    async (request): Promise<AuctionActionResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      // Listing and cancelling make every open auction browser refetch.
      await throttlePlayer(db, 'listings', userId, config.rateLimitFactor);
      const { entryId, quantity, price } = request.body;
      const now = new Date();
      // An id that cannot be an entry is 'no item selected', like one that is not the player's.
      const input = { entryId: isUuid(entryId) ? entryId : '00000000-0000-0000-0000-000000000000', quantity, price };
      const outcome = await listItemNow(db, userId, id, input, now, config.timeScale);
      pusher(hub, request.log).invalidate(userId, changedKeys.items(id));
      announceMarket(hub, request.log);
      app.ctx.scheduler.poke(new Date(outcome.listing.expiresAt));
      return answer(outcome);
    },
  );

  api.post(
    '/api/characters/:id/auction/:listingId/buy',
    { onRequest: guard, schema: { params: listingParamsSchema, body: emptyBody, response: { 200: auctionActionResponseSchema } } },
    async (request): Promise<AuctionActionResponse> => {
      const { userId } = player(request);
      const id = characterIdParam(request);
      const listingId = listingIdParam(request);
      const { sale, notices } = await transaction(db, (tx) => buyItemNow(tx, userId, id, listingId, new Date()));
      pusher(hub, request.log).invalidate(userId, changedKeys.items(id));
      announceSale(hub, request.log, sale);
      announceEach(pusher(hub, request.log), notices);
      return answer(sale);
    },
  );

  api.post(
    '/api/auction/:listingId/cancel',
    { onRequest: guard, schema: { params: cancelListingParamsSchema, body: emptyBody, response: { 200: auctionActionResponseSchema } } },
    async (request): Promise<AuctionActionResponse> => {
      const { userId } = player(request);
      const listingId = listingIdParam(request);
      await throttlePlayer(db, 'listings', userId, config.rateLimitFactor);
      const now = new Date();
      // A listing already past its end goes back to the seller as expired (the answer says so).
      const outcome = await cancelItemNow(db, hub, request.log, userId, listingId, now);
      pusher(hub, request.log).invalidate(userId, changedKeys.items(outcome.characterId));
      announceMarket(hub, request.log);
      return answer(outcome);
    },
  );
}
