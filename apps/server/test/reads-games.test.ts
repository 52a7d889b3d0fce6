import { AUCTION_PAGE_SIZE, AUCTION_SORTS, LEADERBOARD_SIZE, LEADERBOARDS, type AuctionSort, type Leaderboard, type LeaderboardResponse } from '@rpg/contract';
import { GEAR_SLOTS, materialStack, publicPokerView, startPoker, TIERS, totalXp, type GearSlot, type ItemData, type Tier } from '@rpg/game';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseListings, sellerListings } from '../src/db/queries/auction.ts';
import { achievementProgress, auctionListings, playerCharacterAttributes, playerCharacters, pokerGames, users } from '../src/db/schema/index.ts';
import { listingView } from '../src/services/auction.ts';
import { pokerRng } from '../src/services/poker.ts';
import { playerWithCharacter } from './support/characters.ts';
import { raw, type TestClient } from './support/client.ts';
import { gear } from './support/items.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * The leaderboards, poker and auction reads answer from one statement each (docs/performance.md,
 * "Reads"). Each answer must be exactly, byte for byte, what the reads it replaced made of the same rows.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

describe('GET /api/leaderboards/:board', () => {
  /**
   * The board as spec 03 §2 / DECISIONS §2 rank it, worked out here from every character in the
   * database: highest key first (level then xp on XP), a rank one more than the characters strictly
   * ahead (ties share it: 1, 1, 3), ties listed newest id first; the top 100, and the player's own
   * characters (those with attributes) by rank, then oldest first.
   */
  async function expected(board: Leaderboard, userId: string): Promise<LeaderboardResponse> {
    const rows = await db()
      .select({ c: playerCharacters, a: playerCharacterAttributes, username: users.username, title: achievementProgress.title })
      .from(playerCharacters)
      .innerJoin(users, eq(users.id, playerCharacters.userId))
      .leftJoin(playerCharacterAttributes, eq(playerCharacterAttributes.characterId, playerCharacters.id))
      .leftJoin(achievementProgress, eq(achievementProgress.userId, playerCharacters.userId));
    const keyOf = (r: (typeof rows)[number]): number[] | undefined => {
      switch (board) {
        case 'xp':
          return [r.c.level, r.c.xp];
        case 'adventures':
          return [r.c.adventuresCompleted];
        case 'battles':
          return [r.c.battlesWon];
        case 'health':
          return r.a ? [r.a.maxHealth] : undefined;
        case 'defense':
          return r.a ? [r.a.defense] : undefined;
        case 'attack':
          return r.a ? [r.a.attack] : undefined;
      }
    };
    const compare = (x: number[], y: number[]) => (x[0]! - y[0]! !== 0 ? x[0]! - y[0]! : (x[1] ?? 0) - (y[1] ?? 0));
    const on = rows.flatMap((r) => {
      const key = keyOf(r);
      return key ? [{ r, key }] : [];
    });
    const entry = ({ r, key }: (typeof on)[number]) => ({
      characterId: r.c.id,
      name: r.c.name,
      characterClass: r.c.characterClass,
      level: r.c.level,
      value: board === 'xp' ? totalXp(r.c.level, r.c.xp) : key[0]!,
      rank: 1 + on.filter((o) => compare(o.key, key) > 0).length,
      username: r.username,
      title: r.title ?? null,
      own: r.c.userId === userId,
    });
    const top = [...on].sort((x, y) => compare(y.key, x.key) || (x.r.c.id < y.r.c.id ? 1 : -1)).slice(0, LEADERBOARD_SIZE);
    const own = on
      .filter((o) => o.r.c.userId === userId && o.r.a)
      .map((o) => ({ o, e: entry(o) }))
      .sort((x, y) => x.e.rank - y.e.rank || x.o.r.c.createdAt.getTime() - y.o.r.c.createdAt.getTime() || (x.o.r.c.id < y.o.r.c.id ? -1 : 1));
    return { board, entries: top.map(entry), own: own.map((x) => x.e) };
  }

  /** Characters straight into the tables, in one insert each (one created_at for all of them). */
  async function seed(userId: string, rows: Array<{ name: string; level: number; xp: number; count: number; stat: number }>, attributes = true) {
    const made = await db()
      .insert(playerCharacters)
      .values(rows.map((r) => ({ userId, name: r.name, race: 'elf' as const, characterClass: 'mage' as const, gender: 'female' as const, level: r.level, xp: r.xp, adventuresCompleted: r.count, battlesWon: r.count })))
      .returning({ id: playerCharacters.id });
    if (!attributes) return;
    const stat = (v: number) => ({ strength: v, dexterity: v, intelligence: v, constitution: v, attack: v, magicPower: v, speed: v, defense: v, health: v, currentHealth: v, maxHealth: v, currentMana: v, maxMana: v });
    const base = (v: number) => ({ baseStrength: v, baseDexterity: v, baseIntelligence: v, baseConstitution: v, baseAttack: v, baseMagicPower: v, baseSpeed: v, baseDefense: v, baseHealth: v, baseCurrentHealth: v, baseMaxHealth: v, baseCurrentMana: v, baseMaxMana: v });
    await db().insert(playerCharacterAttributes).values(made.map((c, i) => ({ characterId: c.id, ...stat(rows[i]!.stat), ...base(rows[i]!.stat) })));
  }

  async function expectSame(client: TestClient, userId: string) {
    for (const board of LEADERBOARDS) {
      const answer = await client.get<LeaderboardResponse>(`/api/leaderboards/${board}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(await expected(board, userId));
    }
  }

  it('ranks every board: no character, titles beside names, ties at the top and across the 100th place, own characters tied with each other and far below the top, quotes and unicode in names', async () => {
    const nobody = await playerWithCharacter(server.url);
    const me = await playerWithCharacter(server.url);
    const rival = await playerWithCharacter(server.url);
    await db().delete(playerCharacters).where(eq(playerCharacters.userId, nobody.userId));
    await expectSame(nobody.client, nobody.userId);
    await expectSame(me.client, me.userId);

    await db().update(users).set({ username: `Zoë "the" \\ 🐉 ${rival.userId.slice(0, 6)}` }).where(eq(users.id, rival.userId));
    await db().insert(achievementProgress).values({ userId: rival.userId, title: 'the "Bold"' }).onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'the "Bold"' } });
    // 130 rivals: keys of few values, so ties everywhere, also across the 100th place.
    await seed(
      rival.userId,
      Array.from({ length: 130 }, (_, i) => ({ name: `Ri'val "${i}" \u00e9 \u2028`, level: 30 + (i % 4), xp: i % 3, count: 1000 + (i % 9), stat: 1000 + (i % 11) })),
    );
    // One without an attributes row: on the character boards' top, never among anyone's own.
    await seed(rival.userId, [{ name: 'Bare', level: 50, xp: 7, count: 2000, stat: 0 }], false);
    // Two of mine, tied with each other (one insert: the same created_at, ordered by id), far below the top.
    await db().delete(playerCharacters).where(eq(playerCharacters.userId, me.userId));
    await seed(me.userId, [
      { name: 'Twin A', level: 2, xp: 5, count: 3, stat: 4 },
      { name: 'Twin B', level: 2, xp: 5, count: 3, stat: 4 },
    ]);
    await expectSame(me.client, me.userId);
    await expectSame(rival.client, rival.userId);
    await expectSame(nobody.client, nobody.userId);

    // One of mine on top, the other tied with rivals.
    await db().update(playerCharacters).set({ level: 60, adventuresCompleted: 5000, battlesWon: 1004 }).where(and(eq(playerCharacters.userId, me.userId), eq(playerCharacters.name, 'Twin B')));
    await db().update(playerCharacterAttributes).set({ maxHealth: 5000, defense: 5000, attack: 1 }).where(sql`character_id in (select id from player_characters where user_id = ${me.userId})`);
    await expectSame(me.client, me.userId);
    const xp = (await me.client.get<LeaderboardResponse>('/api/leaderboards/xp')).body;
    expect(xp.entries[0]).toMatchObject({ name: 'Twin B', rank: 1, own: true, value: totalXp(60, 5) });
    expect(xp.own.map((o) => o.name)).toEqual(['Twin B', 'Twin A']);
    const defense = (await me.client.get<LeaderboardResponse>('/api/leaderboards/defense')).body;
    expect(defense.own.map((o) => o.rank)).toEqual([1, 1]);
    // Ties share a rank and the next one skips (the 130 rivals' keys take few values).
    const adventures = (await rival.client.get<LeaderboardResponse>('/api/leaderboards/adventures')).body;
    expect(adventures.entries).toHaveLength(LEADERBOARD_SIZE);
    expect(adventures.entries.slice(0, 3).map((e) => [e.name, e.rank, e.value])).toEqual([['Twin B', 1, 5000], ['Bare', 2, 2000], [expect.any(String), 3, 1008]]);
    expect(adventures.entries[3]?.rank).toBe(3);
    expect(adventures.entries.find((e) => e.name === 'Bare')).toMatchObject({ title: 'the "Bold"', own: true });
  });
});

describe('GET /api/characters/:id/poker', () => {
  it("answers the chips and the hand as the player may see it: no hand, a hand in play (the opponent's cards and the actions hidden), a showdown; another player's character refused as before", async () => {
    const { client, character } = await playerWithCharacter(server.url);
    const path = `/api/characters/${character.id}/poker`;
    const none = await client.get(path);
    expect(none).toEqual({ status: 200, body: { game: null, chips: 0 } });

    await db().update(playerCharacters).set({ casinoChips: 1_234_567_890_123 }).where(eq(playerCharacters.id, character.id));
    const { state } = startPoker({ playerChips: 500, playerName: 'Zoë "the" \\ 🐉' }, pokerRng('seed', 0));
    await db().insert(pokerGames).values({ characterId: character.id, seed: 'seed', state: { ...state, actions: [{ type: 'check' }] } });
    const playing = await raw(client, path);
    expect(playing.text).not.toContain('actions');
    expect(JSON.parse(playing.text)).toEqual({ game: publicPokerView(state), chips: 1_234_567_890_123 });
    expect(JSON.parse(playing.text).game.players[1].cards).toBeNull();

    await db().update(pokerGames).set({ state: { ...state, phase: 'showdown', isActive: false, actions: [] } }).where(eq(pokerGames.characterId, character.id));
    const showdown = await client.get<{ game: { players: Array<{ cards: unknown[] | null }> } }>(path);
    expect(showdown.body.game.players[1]?.cards).toHaveLength(2);

    const thief = await playerWithCharacter(server.url);
    const refused = { status: 404, text: JSON.stringify({ error: 'not_found', message: 'Character not found' }) };
    expect(await raw(thief.client, path)).toEqual(refused);
    expect(await raw(thief.client, '/api/characters/00000000-0000-0000-0000-000000000000/poker')).toEqual(refused);
  });
});

describe('GET /api/auction/mine', () => {
  /** The answer as the old reads made it: sellerListings' two reads, each listing's view at `now`. */
  const reference = async (userId: string, now: Date) => {
    const { active, ended } = await sellerListings(db(), userId);
    return JSON.stringify({ active: active.map((row) => listingView(row, now, true)), recent: ended.map((row) => listingView(row, now, true)) });
  };
  const HOUR = 3_600_000;

  it('answers as the two reads did: none, active ones by their end, the last ten ended (sold, cancelled, expired), times to the microsecond; a listing past its end settled first', async () => {
    const { client, character, userId } = await playerWithCharacter(server.url);
    const none = await raw(client, '/api/auction/mine');
    expect(none).toEqual({ status: 200, text: await reference(userId, new Date()) });
    expect(JSON.parse(none.text)).toEqual({ active: [], recent: [] });

    // Ends half an hour off the hour, so hoursLeft is the same a few milliseconds later.
    const at = (hours: number) => new Date(Date.now() + hours * HOUR + HOUR / 2);
    const item = gear('Blade of "Zoë" \\ 🐉 \u2028', 'mainHand', { attack: 3 }, 120, 'rare');
    const base = { sellerUserId: userId, sellerCharacterId: character.id, itemData: item, itemName: item.name, itemTier: item.tier, itemSlot: 'mainHand' as const, quantity: 1, price: 9_007_199_254, fee: 3 };
    await db().insert(auctionListings).values([
      ...[5, 1, 30].map((h) => ({ ...base, createdAt: at(-h), expiresAt: at(h) })),
      ...Array.from({ length: 12 }, (_, i) => ({
        ...base,
        quantity: i + 1,
        status: (['sold', 'cancelled', 'expired'] as const)[i % 3],
        createdAt: at(-50 - i),
        expiresAt: at(-1 - i),
        endedAt: at(-2 - i),
        ...(i % 3 === 0 ? { payout: 8_556_839_291, soldAt: at(-2 - i) } : {}),
      })),
    ]);
    await db().execute(sql`update auction_listings set created_at = created_at + interval '123 microseconds', ended_at = ended_at + interval '999 microseconds' where seller_user_id = ${userId}`);
    const listed = await raw(client, '/api/auction/mine');
    expect(listed.text).toBe(await reference(userId, new Date()));
    const view = JSON.parse(listed.text) as { active: Array<{ hoursLeft: number }>; recent: unknown[] };
    expect(view.active.map((l) => l.hoursLeft)).toEqual([2, 6, 31]);
    expect(view.recent).toHaveLength(10);

    // One of them past its end: the read settles it (the item back, an expired listing) and answers after.
    await db().update(auctionListings).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(auctionListings.sellerUserId, userId), eq(auctionListings.quantity, 1), eq(auctionListings.status, 'active'), sql`expires_at < now() + interval '3 hours'`));
    const settled = await raw(client, '/api/auction/mine');
    expect(settled.text).toBe(await reference(userId, new Date()));
    expect((JSON.parse(settled.text) as { active: unknown[] }).active).toHaveLength(2);
    expect((JSON.parse(settled.text) as { recent: Array<{ status: string }> }).recent[0]).toMatchObject({ status: 'expired' });
  });
});

describe('GET /api/auction/listings', () => {
  interface Query {
    search?: string;
    tier?: Tier;
    slot?: GearSlot | 'other';
    sort?: AuctionSort;
    page?: number;
  }
  const path = (query: Query) => `/api/auction/listings?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  /** The answer as the old route made it: browseListings' page (after settling), each listing's view at `now`, serialized. */
  const reference = async (userId: string, query: Query, now: Date) => {
    const page = query.page ?? 1;
    const { rows, total } = await browseListings(db(), userId, { ...query, page, pageSize: AUCTION_PAGE_SIZE }, now);
    return JSON.stringify({ listings: rows.map((row) => listingView(row, now)), page, pageSize: AUCTION_PAGE_SIZE, total });
  };
  const expectSame = async (client: TestClient, userId: string, query: Query) => {
    const answer = await raw(client, path(query));
    expect({ query, ...answer }).toEqual({ query, status: 200, text: await reference(userId, query, new Date()) });
    return JSON.parse(answer.text) as { listings: Array<{ id: string; seller: string; hoursLeft: number; item: ItemData }>; total: number; page: number };
  };
  const HOUR = 3_600_000;

  it('answers as browseListings and listingView did: an empty house, every filter, every sort, pages, prices above 2^32, odd names, microseconds, own listings left out, those past their end settled first', async () => {
    const viewer = await playerWithCharacter(server.url);
    const seller = await playerWithCharacter(server.url);
    const other = await playerWithCharacter(server.url);
    // An empty house (other tests' listings gone).
    await db().delete(auctionListings);
    const empty = await expectSame(viewer.client, viewer.userId, {});
    expect(empty).toEqual({ listings: [], page: 1, pageSize: AUCTION_PAGE_SIZE, total: 0 });
    const head = await viewer.client.request('GET', path({}));
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');

    await db().update(users).set({ username: `Zoë "the" \\ 🐉 \u2028 ${seller.userId.slice(0, 6)}` }).where(eq(users.id, seller.userId));
    // Ends half an hour off the hour (so hoursLeft is the same a few seconds later), each listing's own
    // second on top: no two at the same end, so no order left to the database (price ties are sorted by end).
    const base = Date.now();
    const at = (hours: number, k = 0) => new Date(base + hours * HOUR + HOUR / 2 + k * 1000);
    const names = ['Blade of "Zoë" \\ 🐉 \u2028', 'Cap, "a": "b" \\"', '100% _pure_ \\ oak', 'plain helm', 'Tab\tand\nnewline \u0001 ☃'];
    const items: ItemData[] = [];
    for (const [i, name] of names.entries()) {
      for (const [j, slot] of GEAR_SLOTS.entries()) if ((i + j) % 2 === 0) items.push(gear(`${name} ${slot}`, slot, { attack: i, defense: j }, 10 + i * j, TIERS[(i + j) % TIERS.length]));
      items.push({ ...materialStack('oak_wood', 1).item, name: `${name} wood`, tier: TIERS[i % TIERS.length]! });
      items.push({ kind: 'potion', name: `${name} potion`, tier: TIERS[(i + 2) % TIERS.length]!, target: 'both', potency: 7, description: 'A "potion", with: commas', price: 5 as never });
    }
    // Items holding a null (none should): answered without the null fields (the contract has no null there), the same bytes.
    items.push({ ...gear('Null, "sell": price, ', 'head', { attack: 1 }, 5), sellPrice: null as never }, { ...gear('Null stat : ', 'feet', { attack: 2, defense: null as never }, 6, 'epic') });
    // Ties in price across the pages' ends (50).
    const prices = [1, 50, 50, 9_007_199_254, 4_294_967_297, 123_456, 50, 10_000, 10_001];
    const listing = (who: { userId: string; character: { id: string } }, item: ItemData, i: number) => ({
      sellerUserId: who.userId,
      sellerCharacterId: who.character.id,
      itemData: item,
      itemName: item.name,
      itemTier: item.tier,
      itemSlot: item.kind === 'gear' ? item.slot : null,
      quantity: 1 + (i % 4),
      price: prices[i % prices.length]!,
      fee: 3,
      createdAt: at(-1 - ((i * 7) % 40), i),
      expiresAt: at(1 + ((i * 11) % 47), i),
    });
    await db()
      .insert(auctionListings)
      .values([
        ...items.map((item, i) => listing(i % 3 === 0 ? other : seller, item, i)),
        // The viewer's own: left out of the viewer's house, in the others'.
        ...items.slice(0, 4).map((item, i) => listing(viewer, item, i + 100)),
        // Ended ones: never shown.
        ...(['sold', 'cancelled', 'expired'] as const).map((status, i) => ({ ...listing(seller, items[i]!, i + 200), status, endedAt: at(-1), ...(status === 'sold' ? { payout: 9, soldAt: at(-1) } : {}) })),
      ]);
    await db().execute(sql`update auction_listings set created_at = created_at + interval '123 microseconds', expires_at = expires_at + interval '999 microseconds'`);
    // Past their end (any seller's): settled by the read, before it answers.
    const [pastOwn] = await db().insert(auctionListings).values({ ...listing(viewer, items[5]!, 300), expiresAt: new Date(Date.now() - 1000) }).returning();
    const [pastOther] = await db().insert(auctionListings).values({ ...listing(seller, items[6]!, 301), expiresAt: new Date(Date.now() - 999_999) }).returning();

    const first = await expectSame(viewer.client, viewer.userId, {});
    for (const past of [pastOwn!, pastOther!]) expect((await db().select().from(auctionListings).where(eq(auctionListings.id, past.id)))[0]?.status).toBe('expired');
    expect(first.total).toBe(items.length);
    expect(first.listings).toHaveLength(AUCTION_PAGE_SIZE);
    expect(first.listings.map((l) => l.seller)).toContain(`Zoë "the" \\ 🐉 \u2028 ${seller.userId.slice(0, 6)}`);

    const searches = ['zoë', ' "A": "b" \\', '100%', '_pure_', '\\', 'wood', 'nothing at all', '   ', 'TAB', 'ZOË'];
    const filters: Query[] = [
      {},
      ...TIERS.map((tier) => ({ tier })),
      ...[...GEAR_SLOTS, 'other' as const].map((slot) => ({ slot })),
      ...searches.map((search) => ({ search })),
      { search: 'helm', tier: TIERS[0] },
      { tier: 'rare', slot: 'other' },
      { search: 'o', tier: 'epic', slot: 'mainHand' },
    ];
    let shown = 0;
    for (const sort of [undefined, ...AUCTION_SORTS]) {
      for (const filter of filters) shown += (await expectSame(viewer.client, viewer.userId, { ...filter, ...(sort ? { sort } : {}) })).listings.length;
      // Pages: the second, the last (part full), past the end, the furthest there is.
      for (const page of [2, 3, 4, 100_000]) await expectSame(viewer.client, viewer.userId, { page, ...(sort ? { sort } : {}) });
      await expectSame(viewer.client, viewer.userId, { page: 2, search: 'o', ...(sort ? { sort } : {}) });
    }
    expect(shown).toBeGreaterThan(500);
    // Another player sees the viewer's listings, not their own.
    const theirs = await expectSame(seller.client, seller.userId, { sort: 'price-desc' });
    expect(theirs.total).toBe(items.length - items.filter((_, i) => i % 3 !== 0).length + 4);
    await expectSame(other.client, other.userId, { sort: 'time-left', page: 2 });
  });
});
