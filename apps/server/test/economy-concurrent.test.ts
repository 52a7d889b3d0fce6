import { randomUUID } from 'node:crypto';
import { createRng, type Rng } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementProgress, auctionListings, ledgerEntries } from '../src/db/schema/index.ts';
import { auditEconomy, formatAudit } from '../src/ops/audit-economy.ts';
import { befriend, trader, type Trader } from './support/characters.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * Issue 29 "The ledger": several players do every kind of value-moving operation at once through
 * HTTP (a fixed seed picks them), then the audit finds every balance and every item row whole.
 * On PostgreSQL when DATABASE_URL is set (truly parallel transactions), else on PGlite.
 */

const SEED = 'ledger-29';
const PLAYERS = 5;
const ROUNDS = 12;

let server: TestServer;
beforeAll(async () => {
  // Crafts, adventures and listings end quickly; dev grants give crafting materials.
  server = await startTestServer({ env: { RPG_TIME_SCALE: '5000', DEV_GRANTS: '1' } });
});
afterAll(() => server?.stop());
const db = () => server.database.db;

interface Answer {
  status: number;
  body: unknown;
}

/** Every object in an answer that has the key (offers, entries, listings), wherever it is nested. */
function objectsWith(value: unknown, key: string): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap((v) => objectsWith(v, key));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const own = key in record ? [record] : [];
  return [...own, ...Object.values(record).flatMap((v) => objectsWith(v, key))];
}

type Op = (p: Trader, rng: Rng, others: Trader[]) => Promise<Answer | undefined>;

const base = (p: Trader) => `/api/characters/${p.characterId}`;
const entries = async (p: Trader) =>
  objectsWith((await p.client.get(`${base(p)}/inventory`)).body, 'equipped').filter((e) => typeof e.id === 'string') as Array<{
    id: string;
    equipped: boolean;
    quantity: number;
    item: { kind: string };
  }>;
const typeLine = (p: Trader, text: string) => p.client.post(`${base(p)}/console`, { text });

const ops: Record<string, Op> = {
  async storeBuy(p, rng) {
    const offers = objectsWith((await p.client.get(`${base(p)}/store`)).body, 'offerId').filter((o) => o.sold === false);
    return offers.length > 0 ? p.client.post(`${base(p)}/store/buy`, { offerId: rng.pick(offers).offerId }) : undefined;
  },
  async storeSell(p, rng) {
    const free = (await entries(p)).filter((e) => !e.equipped);
    return free.length > 0 ? p.client.post(`${base(p)}/inventory/${rng.pick(free).id}/sell`, { quantity: 1 }) : undefined;
  },
  async useItem(p, rng) {
    const usable = (await entries(p)).filter((e) => e.item.kind === 'potion' || e.item.kind === 'food' || e.item.kind === 'chest');
    return usable.length > 0 ? p.client.post(`${base(p)}/inventory/${rng.pick(usable).id}/use`) : undefined;
  },
  async equip(p, rng) {
    const gearEntries = (await entries(p)).filter((e) => e.item.kind === 'gear');
    if (gearEntries.length === 0) return undefined;
    const entry = rng.pick(gearEntries);
    return p.client.post(`${base(p)}/inventory/${entry.id}/${entry.equipped ? 'unequip' : 'equip'}`);
  },
  async list(p, rng) {
    const free = (await entries(p)).filter((e) => !e.equipped);
    if (free.length === 0) return undefined;
    const entry = rng.pick(free);
    return p.client.post(`${base(p)}/auction`, { entryId: entry.id, quantity: rng.int(1, entry.quantity), price: rng.int(20, 400) });
  },
  async buyListing(p, rng) {
    const listings = objectsWith((await p.client.get('/api/auction/listings')).body, 'seller');
    return listings.length > 0 ? p.client.post(`${base(p)}/auction/${String(rng.pick(listings).id)}/buy`) : undefined;
  },
  async cancel(p, rng) {
    const mine = (await p.client.get<{ active: Array<{ id: string }> }>('/api/auction/mine')).body.active;
    return mine.length > 0 ? p.client.post(`/api/auction/${rng.pick(mine).id}/cancel`) : undefined;
  },
  async expire(p, rng) {
    // Time passes for one of the player's listings; the market's next read settles it (the scheduler may first).
    const mine = (await p.client.get<{ active: Array<{ id: string }> }>('/api/auction/mine')).body.active;
    if (mine.length === 0) return undefined;
    await db()
      .update(auctionListings)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(auctionListings.id, rng.pick(mine).id), eq(auctionListings.status, 'active')));
    return p.client.get('/api/auction/mine');
  },
  async giftCopper(p, rng, others) {
    return p.client.post('/api/gifts', { toUserId: rng.pick(others).userId, requestId: randomUUID(), copper: rng.int(1, 3_000) });
  },
  async giftItem(p, rng, others) {
    const free = (await entries(p)).filter((e) => !e.equipped);
    if (free.length === 0) return undefined;
    const entry = rng.pick(free);
    return p.client.post('/api/gifts', { toUserId: rng.pick(others).userId, requestId: randomUUID(), entryId: entry.id, quantity: rng.int(1, entry.quantity) });
  },
  chipsBuy: (p, rng) => p.client.post(`${base(p)}/chips/buy`, { amount: rng.int(1, 5) * 100 }),
  chipsSell: (p, rng) => p.client.post(`${base(p)}/chips/cash-out`, { amount: rng.int(1, 300) }),
  async poker(p, rng) {
    await typeLine(p, '/poker');
    return typeLine(p, rng.pick(['/fold', '/check', '/bet 10', '/fold']));
  },
  async craft(p) {
    await p.client.post(`/api/dev/characters/${p.characterId}/materials`, { materialId: 'wild_wheat', quantity: 3 });
    await p.client.post(`${base(p)}/crafting/collect`);
    return p.client.post(`${base(p)}/crafting/start`, { recipeId: 'bread' });
  },
  async adventure(p) {
    await p.client.get(`${base(p)}/adventure`);
    return p.client.post(`${base(p)}/adventures`, { location: 'forest', level: 1 });
  },
  battlePass: (p) => p.client.post('/api/achievements/claim', {}),
};

async function play(p: Trader, n: number, others: Trader[], answers: Array<{ op: string } & Answer>): Promise<void> {
  // Seeded by the player's place, not their random ids: every run plays the same mix.
  const rng = createRng(`${SEED}:${n}`);
  const names = Object.keys(ops);
  for (let round = 0; round < ROUNDS; round += 1) {
    // Two operations at once per player (two tabs), every player at once.
    await Promise.all(
      [rng.pick(names), rng.pick(names)].map(async (name) => {
        const answer = await ops[name]!(p, createRng(`${SEED}:${n}:${round}:${name}`), others);
        if (answer) answers.push({ op: name, ...answer });
      }),
    );
  }
}

describe('the ledger under concurrent trading (issue 29)', () => {
  it('balances to the copper, the chip and the item after players trade at once', { timeout: 240_000 }, async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => trader(server.url)));
    for (let i = 0; i < players.length; i += 1) for (let j = i + 1; j < players.length; j += 1) await befriend(players[i]!, players[j]!);
    for (const [n, p] of players.entries()) {
      await setCopper(db(), p.characterId, 20_000);
      await giveItem(db(), p.characterId, gear(`Iron Sword ${n}`, 'mainHand', { attack: 3 }, 100));
      await giveItem(db(), p.characterId, gear(`Oak Shield ${n}`, 'offHand', { defense: 2 }, 80));
      // Battle-pass level 1 is reached: the next claim (or counted event) grants its item.
      await db().update(achievementProgress).set({ totalPoints: 60 }).where(eq(achievementProgress.userId, p.userId));
    }
    const answers: Array<{ op: string } & Answer> = [];
    await Promise.all(
      players.map((p, n) =>
        play(
          p,
          n,
          players.filter((o) => o !== p),
          answers,
        ),
      ),
    );
    // Then a hand and a sale for certain, whatever the random mix left: each player buys chips and
    // sits at the table, and lists a new dagger cheaply; then all at once each buys the cheapest
    // listing (several may race for it: one wins).
    await Promise.all(
      players.map(async (p, n) => {
        answers.push({ op: 'chipsBuy', ...(await p.client.post(`${base(p)}/chips/buy`, { amount: 100 })) });
        answers.push({ op: 'poker', ...(await typeLine(p, '/poker')) }, { op: 'poker', ...(await typeLine(p, '/fold')) });
        const entryId = await giveItem(db(), p.characterId, gear(`Tin Dagger ${n}`, 'mainHand', { attack: 1 }, 30));
        answers.push({ op: 'list', ...(await p.client.post(`${base(p)}/auction`, { entryId, quantity: 1, price: 20 })) });
      }),
    );
    await Promise.all(
      players.map(async (p) => {
        const listings = objectsWith((await p.client.get('/api/auction/listings?sort=price-asc')).body, 'seller');
        if (listings[0]) answers.push({ op: 'buyListing', ...(await p.client.post(`${base(p)}/auction/${String(listings[0].id)}/buy`)) });
      }),
    );
    // Then, still all at once: each player lists twice, cancels one and lets the other expire.
    await Promise.all(
      players.map(async (p) => {
        const rng = createRng(`${SEED}:tail:${p.characterId}`);
        for (const op of ['list', 'list', 'cancel', 'expire', 'battlePass'] as const) {
          const answer = await ops[op]!(p, rng, []);
          if (answer) answers.push({ op, ...answer });
        }
      }),
    );
    // Let the last crafts, adventures and listings settle (their settlers write the ledger too).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const p of players) {
      await p.client.get(`${base(p)}/adventure`);
      await p.client.post(`${base(p)}/crafting/collect`);
    }
    await players[0]!.client.get('/api/auction/listings');

    const failed = answers.filter((a) => a.status >= 500);
    expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    // The mix really moved value of each kind.
    const done = new Set(answers.filter((a) => a.status === 200 || a.status === 201).map((a) => a.op));
    expect([...done].sort()).toEqual(expect.arrayContaining(['buyListing', 'chipsBuy', 'giftCopper', 'list', 'storeBuy', 'storeSell']));

    const reasons = new Set((await db().selectDistinct({ reason: ledgerEntries.reason }).from(ledgerEntries)).map((r) => r.reason));
    const everyKind = [
      'adventure',
      'auction_cancel',
      'auction_expiry',
      'auction_fee',
      'auction_list',
      'auction_sale',
      'battle_pass',
      'chips_buy',
      'craft',
      'dev_grant',
      'gift',
      'item_used',
      'poker',
      'store_buy',
      'store_sell',
    ];
    expect([...reasons].sort()).toEqual(expect.arrayContaining(everyKind));

    const report = await auditEconomy(db());
    expect(report.characters).toBeGreaterThanOrEqual(PLAYERS);
    expect(report.ok, formatAudit(report)).toBe(true);
  });
});

/**
 * Found by the test above on PostgreSQL: a battle-pass claim held the player's progress row and
 * then needed their character's key lock (the reward's inventory insert), while a gift held the
 * character and then added to the same player's points: a deadlock, answered 500. The claim now
 * locks the character first (docs/architecture.md "Lock order").
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('a battle-pass claim racing a gift of the same player (PostgreSQL)', () => {
  it('never deadlocks: both answer, the level is granted once', { timeout: 240_000 }, async () => {
    for (let round = 0; round < 8; round += 1) {
      const [giver, friend] = await Promise.all([trader(server.url), trader(server.url)]);
      await befriend(giver, friend);
      await setCopper(db(), giver.characterId, 10_000);
      await db().update(achievementProgress).set({ totalPoints: 60 }).where(eq(achievementProgress.userId, giver.userId));
      const [claim, gift] = await Promise.all([
        giver.client.post('/api/achievements/claim', {}),
        giver.client.post('/api/gifts', { toUserId: friend.userId, requestId: randomUUID(), copper: 10 }),
      ]);
      expect([claim.status, gift.status], JSON.stringify([claim.body, gift.body])).toEqual([expect.any(Number), 200]);
      expect(claim.status).toBeLessThan(500);
      const granted = await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.toCharacterId, giver.characterId), eq(ledgerEntries.reason, 'battle_pass')));
      expect(granted).toHaveLength(1);
    }
    const report = await auditEconomy(db());
    expect(report.ok, formatAudit(report)).toBe(true);
  });
});
