import { AUCTION_SORTS, type AuctionBrowse } from '@rpg/contract';
import { CHAT_HISTORY_SIZE, materialItem } from '@rpg/game';
import { eq, sql } from 'drizzle-orm';
import { SORTS } from '../src/db/queries/auction.ts';
import { chatLinesQuery } from '../src/db/queries/chat.ts';
import { countLiveConnections, liveConnectionsQuery } from '../src/db/queries/realtime.ts';
import { playerColumns, suggestionsQuery } from '../src/db/queries/social.ts';
import { users } from '../src/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter } from './support/characters.ts';
import { socialPlayer } from './support/social.ts';
import { transaction } from '../src/db/transaction.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 29, "cost as the world grows": a read must not cost more because the game has many players.
 * The player simulation (`npm run simulate`, docs/simulate.md) found GET /api/friends/suggestions
 * ranking every player before taking six: ~1 s a read at 100,000 players on PostgreSQL. It now reads
 * the friends of friends and the most recently seen players along users_seen_idx.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const PLAYERS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}
/** The top node of an `explain (format json)` answer's rows. */
const planOf = (rows: unknown[]) => (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** The plan PostgreSQL makes for a statement with these values. */
const planFor = async (text: string, values: unknown[]) => planOf((await server.database.connections.query(`explain (format json) ${text}`, values)).rows);
/** The plan reads `relation`, and never by a sequential scan. */
function expectNoSeqScan(plan: PlanNode, relation: string): void {
  const scans = nodesOf(plan).filter((node) => node['Relation Name'] === relation);
  expect(scans.length, JSON.stringify(plan)).toBeGreaterThan(0);
  expect(
    scans.map((node) => node['Node Type']),
    JSON.stringify(plan),
  ).not.toContain('Seq Scan');
}

describe('friend suggestions in a world of many players (issue 29)', () => {
  it(`read the candidates along indexes with ${PLAYERS.toLocaleString('en')} other players, never every player`, async () => {
    const me = await socialPlayer(server.url, 'world');
    const db = server.database.db;
    // PLAYERS accounts, seen over the last days, written in bulk (as the simulation's world is).
    await db.execute(sql`insert into auth_user (id, name, email, email_verified, created_at, updated_at)
      select 'world' || i, 'world' || i, 'world' || i || '@example.com', true, now(), now() from generate_series(1, ${PLAYERS}::int) i`);
    await db.execute(sql`insert into users (id, email, username, last_seen, last_login)
      select 'world' || i, 'world' || i || '@example.com', 'world' || i, now() - make_interval(secs => i * 7), now() - make_interval(secs => i * 11) from generate_series(1, ${PLAYERS}::int) i`);
    await db.execute(sql`analyze`);

    const { body } = await me.client.get<{ suggestions: Array<{ user: { username: string } }> }>('/api/friends/suggestions');
    // The most recently seen players (world1 was seen last).
    expect(body.suggestions.map((s) => s.user.username)).toEqual(['world1', 'world2', 'world3', 'world4', 'world5', 'world6']);

    // The route's statement, planned for this player. Before (a scan and a mutual count of every
    // player) it read the whole users table: 169 ms against the friend list's 6.9 ms on PGlite.
    const query = suggestionsQuery(db).toSQL();
    const values = query.params.map((param) => {
      const name = (param as { name?: string }).name;
      return name === 'viewerId' ? me.id : name === 'limit' ? 6 : param;
    });
    expectNoSeqScan(await planFor(query.sql, values), 'users');
  }, 120_000);
});

const LISTINGS = 20_000;

/**
 * The simulation's world (100,000 listings, ~100 at each price) made a browse by price cost 1.5x
 * a fresh house's: its index held the price alone, and the page sorted every listing at its prices
 * by time left. Each sort's index now holds the sort's whole order.
 */
describe('the auction house with many listings at each price (issue 29)', () => {
  it(`reads a page of each sort along its index with ${LISTINGS.toLocaleString('en')} listings, ${LISTINGS / 20} at each price`, async () => {
    const seller = await socialPlayer(server.url, 'seller');
    const character = await createCharacter(seller.client);
    const buyer = await socialPlayer(server.url, 'buyer');
    const db = server.database.db;
    const item = materialItem('oak_wood');
    await db.execute(sql`insert into auction_listings (seller_user_id, seller_character_id, item_data, item_name, item_tier, item_slot, quantity, price, fee, status, created_at, expires_at)
      select ${seller.id}, ${character.id}, ${JSON.stringify(item)}::jsonb, ${item.name}, ${item.tier}, null, 1, 10 + i % 20, 1,
        'active', now() - make_interval(secs => i), now() + interval '1 day' + make_interval(secs => (i * 7919) % ${LISTINGS}::int)
      from generate_series(1, ${LISTINGS}::int) i`);
    await db.execute(sql`analyze auction_listings`);

    // The cheapest, the soonest to end first among them, then by id.
    const { body } = await buyer.client.get<AuctionBrowse>('/api/auction/listings?sort=price-asc');
    const { rows } = await server.database.connections.query<{ id: string }>(
      `select id::text from auction_listings where status = 'active' and price = 10 order by expires_at, id limit 12`,
    );
    expect(body.listings.map((l) => l.id)).toEqual(rows.map((r) => r.id));

    for (const sort of AUCTION_SORTS) {
      const page = db
        .select({ id: sql`l.id` })
        .from(sql`auction_listings l`)
        .where(sql`l.status = 'active' and l.expires_at > now()`)
        .orderBy(SORTS[sort])
        .limit(12)
        .toSQL();
      const plan = await planFor(page.sql, page.params);
      const types = nodesOf(plan).map((node) => node['Node Type']);
      expect(
        types.filter((type) => type.endsWith('Sort')),
        `${sort}: ${JSON.stringify(plan)}`,
      ).toEqual([]);
      expect(
        types.some((type) => type.startsWith('Index')),
        `${sort}: ${types.join()}`,
      ).toBe(true);
    }
  }, 120_000);
});

const CHAT_LINES = 300_000;

/**
 * The simulation's world (a million chat lines) made GET /api/chat 2.2-2.9x slower at the p50:
 * under drizzle's `limit $n` the named statement's generic plan guessed a tenth of every line (two
 * parallel workers, ~12 ms, where a custom plan reads 50 rows in ~0.5 ms), so PostgreSQL planned
 * the statement again at every run. Its limit is now in the statement's text.
 */
describe('the global chat with many lines (issue 29)', () => {
  it(`plans the newest lines as ${CHAT_HISTORY_SIZE} rows along the primary key with ${CHAT_LINES.toLocaleString('en')} lines, in the generic plan too`, async () => {
    const db = server.database.db;
    await db.execute(sql`insert into chat_messages (character_name, character_race, character_class, character_level, text, created_at)
      select 'Old' || i, 'human', 'warrior', 1, 'line ' || i, now() - make_interval(secs => ${CHAT_LINES}::int - i) from generate_series(1, ${CHAT_LINES}::int) i`);
    await db.execute(sql`analyze chat_messages`);
    const query = chatLinesQuery(db).toSQL();
    expect(query.params.map((param) => (param as { name?: string }).name)).toEqual(query.params.map(() => 'viewerId'));
    const args = query.params.map(() => "'nobody'").join(', ');
    // The plan a named statement settles on after its first runs when it costs no more (PostgreSQL's generic plan).
    const plan = await transaction(db, async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare chat_world_probe as ${query.sql}`));
      const explained = await tx.execute(sql.raw(`explain (format json) execute chat_world_probe(${args})`));
      await tx.execute(sql`deallocate chat_world_probe`);
      return planOf(explained.rows);
    });
    expect(plan['Plan Rows'], JSON.stringify(plan)).toBeLessThanOrEqual(CHAT_HISTORY_SIZE);
    expect(nodesOf(plan).map((node) => node['Node Type'])).not.toContain('Gather Merge');
  }, 120_000);
});

const TABS = 20_000;

/**
 * The simulation at 2,500 players (2026-12-03): a player's count of live connections (each socket
 * opened and closed, each web push's open-tabs check) was the statement PostgreSQL spent the most
 * time on, a scan of every open tab's row each time; each listed player's newest ping (friends,
 * search, profiles) scanned them too. They now read a player's rows along realtime_connections_user_idx.
 */
describe('presence with many open tabs (issue 45)', () => {
  it(`reads a player's connections along their index with ${TABS.toLocaleString('en')} open tabs, never every tab`, async () => {
    const db = server.database.db;
    await db.execute(sql`insert into auth_user (id, name, email, email_verified, created_at, updated_at)
      select 'tabs' || i, 'tabs' || i, 'tabs' || i || '@example.com', true, now(), now() from generate_series(1, ${TABS / 2}::int) i`);
    await db.execute(
      sql`insert into users (id, email, username) select 'tabs' || i, 'tabs' || i || '@example.com', 'tabs' || i from generate_series(1, ${TABS / 2}::int) i`,
    );
    // Two tabs a player, on one process.
    await db.execute(sql`insert into realtime_connections (id, user_id, instance_id, last_ping)
      select gen_random_uuid(), 'tabs' || (1 + i % ${TABS / 2}::int), 'world-process', now() from generate_series(1, ${TABS}::int) i`);
    await db.execute(sql`analyze`);
    const cutoff = new Date(Date.now() - 90_000);
    for (const query of [liveConnectionsQuery(db, 'tabs7', cutoff).toSQL(), db.select(playerColumns('tabs1')).from(users).where(eq(users.id, 'tabs7')).toSQL()])
      expectNoSeqScan(await planFor(query.sql, query.params), 'realtime_connections');
    expect(await countLiveConnections(db, 'tabs7', cutoff)).toBe(2);
  }, 120_000);
});
