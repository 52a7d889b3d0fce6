import { pokerResponseSchema, type PokerResponse } from '@rpg/contract';
import { startPoker } from '@rpg/game';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerCharacters, pokerGames } from '../src/db/schema/index.ts';
import { pokerRng } from '../src/services/poker.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { linesOf, say } from './support/console.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { usePlayerLimit } from './support/throttle.ts';
import { PLAYER_LIMITS } from '../src/http/rateLimit.ts';
import type { ErrorBody } from './support/characters.ts';

let server: TestServer;
let player: TestClient;
let id: string;
beforeAll(async () => {
  server = await startTestServer();
  player = await signedInPlayer(server.url);
  id = (await createCharacter(player, { name: 'Aria' })).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const poker = async (text: string) => linesOf(await say(player, id, text), 'poker');
const errors = async (text: string) => linesOf(await say(player, id, text), 'error');
const view = async () => (await player.get<PokerResponse>(`/api/characters/${id}/poker`)).body;

async function chips(): Promise<number | undefined> {
  const [row] = await db().select({ chips: playerCharacters.casinoChips }).from(playerCharacters).where(eq(playerCharacters.id, id));
  return row?.chips;
}

/**
 * The test hook that pins a hand: after a real /poker (which moved the chips to the
 * table), the stored hand is replaced by the deal of a known seed. Every later action
 * is played by the server with the rng of (seed, action number).
 */
async function pinSeed(seed: string, playerChips: number): Promise<void> {
  const { state } = startPoker({ playerChips, playerName: 'Aria' }, pokerRng(seed, 0));
  await db()
    .update(pokerGames)
    .set({ seed, state: { ...state, actions: [] } })
    .where(eq(pokerGames.characterId, id));
}

describe('poker through the console (spec 02 §4 "Poker", §5, §8)', () => {
  it('refuses actions without a game, and /poker without chips with the hint', async () => {
    for (const text of ['/check', '/c', '/bet 10', '/raise 10', '/fold', '/f']) {
      expect(await errors(text)).toEqual(['No active poker game. Type /poker to start a new game.']);
    }
    const noChips = await say(player, id, '/poker');
    expect(linesOf(noChips, 'error')).toEqual(['You need chips to play poker. Use /buy [amount] to purchase casino chips.']);
    expect(await view()).toEqual({ game: null, chips: 0 });
  });

  it('plays a seeded hand to the showdown and pays the winnings back into the chips', async () => {
    await db().update(playerCharacters).set({ copper: 500 }).where(eq(playerCharacters.id, id));
    await say(player, id, '/buy 500');
    expect((await poker('/p'))[0]).toBe('New poker game! You have 500 chips; AI Bot has 1000.');
    expect(await chips()).toBe(0);
    await pinSeed('hand-192', 500);

    // Issue 42: the 5-chip table fee and the 10-chip ante are taken at the deal.
    expect(await poker('/check')).toEqual([
      'You check.',
      'AI Bot checks.',
      'Flop: 10♥ A♠ 2♠',
      'Your turn (pot 20, you have 485 chips): /check, /bet [amount], /raise [amount] or /fold.',
    ]);

    // A reload resumes the hand: the same public view, without the deck or the bot's cards.
    const resumed = await view();
    expect(resumed.chips).toBe(0);
    expect(resumed.game).toMatchObject({ isActive: true, phase: 'flop', pot: 20, currentBet: 0, deckSize: 45 });
    expect(resumed.game?.players.map((p) => p.cards?.map((c) => c.display) ?? null)).toEqual([['6♥', '9♥'], null]);
    expect(resumed.game).not.toHaveProperty('deck');
    expect(resumed.game).not.toHaveProperty('actions');
    expect(JSON.stringify(resumed)).not.toMatch(/7♣|2♦/);
    expect(await view()).toEqual(resumed);
    expect(pokerResponseSchema.parse(resumed)).toEqual(resumed);

    expect((await poker('/check'))[2]).toBe('Turn: 4♥ (board: 10♥ A♠ 2♠ 4♥)');
    expect((await poker('/c'))[2]).toBe('River: 2♥ (board: 10♥ A♠ 2♠ 4♥ 2♥)');
    // The bot, holding three twos, bets the river.
    expect((await poker('/check'))[1]).toBe('AI Bot raises by 10 to 10 chips.');
    // A refused action changes nothing and uses no action number: the hand replays the same.
    expect(await errors('/c')).toEqual(["You can't check: there is a bet of 10 chips. Use /bet 10 to call, /raise [amount] or /fold."]);
    expect(await poker('/bet 10')).toEqual([
      'You call 10 chips.',
      'Showdown! Board: 10♥ A♠ 2♠ 4♥ 2♥',
      'You: 6♥ 9♥ - Flush (10♥ 9♥ 6♥ 4♥ 2♥)',
      'AI Bot: 7♣ 2♦ - Three of a Kind (2♦ 2♠ 2♥ A♠ 10♥)',
      'You win the pot of 40 chips with Flush! The house keeps 2 chips.',
      'Game over. You finish with 513 chips. Type /poker to play again.',
    ]);
    expect(await chips()).toBe(513);
    const [row] = await db().select().from(pokerGames).where(eq(pokerGames.characterId, id));
    expect(row?.state.actions).toHaveLength(5);

    // The finished hand stays visible, bot cards shown at the showdown; its chips are already back.
    const over = pokerResponseSchema.parse(await view());
    expect(over.chips).toBe(513);
    expect(over.game).toMatchObject({ isActive: false, phase: 'showdown', endedBy: 'showdown', winner: 'Aria', winningHand: 'Flush', pot: 0 });
    expect(over.game?.players[1].cards?.map((c) => c.display)).toEqual(['7♣', '2♦']);
    expect(await errors('/check')).toEqual(['No active poker game. Type /poker to start a new game.']);
  });

  it('checks the amounts, refuses a second /poker during a hand, and a fold loses the pot', async () => {
    expect((await poker('/poker'))[0]).toBe('New poker game! You have 513 chips; AI Bot has 1000.');
    await pinSeed('fold-0', 513);
    expect(await errors('/bet abc')).toEqual(['Invalid bet amount. Usage: /bet [amount]']);
    expect(await errors('/bet')).toEqual(['Invalid bet amount. Usage: /bet [amount]']);
    expect(await errors('/raise 0')).toEqual(['Invalid raise amount. Usage: /raise [amount]']);
    expect(await poker('/bet 10')).toEqual([
      'You bet 10 chips.',
      'AI Bot calls 10 chips.',
      'Flop: 6♣ 8♣ 5♣',
      'Your turn (pot 40, you have 487 chips): /check, /bet [amount], /raise [amount] or /fold.',
    ]);
    expect(await errors('/bet 100000')).toEqual(["You can't bet 100000 chips: you only have 487 chips."]);
    expect(await errors('/raise 600')).toEqual(["You can't raise by 600: a bet of 600 needs 600 more chips and you only have 487."]);

    // Buying chips during a hand is fine; they wait beside the table.
    await db().update(playerCharacters).set({ copper: 100 }).where(eq(playerCharacters.id, id));
    await say(player, id, '/buy 100');
    expect(await errors('/p')).toEqual(["You're already playing a hand. Finish it with /check, /bet [amount] or /raise [amount], or give it up with /fold."]);
    expect((await view()).game).toMatchObject({ isActive: true, pot: 40, phase: 'flop' });

    expect(await poker('/f')).toEqual(['You fold.', 'AI Bot wins the pot of 40 chips.', 'Game over. You finish with 487 chips. Type /poker to play again.']);
    expect(await chips()).toBe(587);
    const folded = await view();
    expect(folded).toMatchObject({ chips: 587, game: { isActive: false, endedBy: 'fold', winner: 'AI Bot', winningHand: null } });
    expect(folded.game?.players[1].cards).toBeNull();
  });

  it("keeps another player's hand private", async () => {
    const other = await signedInPlayer(server.url);
    const res = await other.get<{ message: string }>(`/api/characters/${id}/poker`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Character not found');
  });
});

/** Issue 46, point 1: no script plays hands faster than a person would. */
describe('the pace of poker hands', () => {
  it('starting a hand counts against a per-account window; one over it is refused with 429 and changes nothing', async () => {
    const { id: userId } = (await player.get<{ id: string }>('/api/me')).body;
    await db().update(playerCharacters).set({ casinoChips: 300 }).where(eq(playerCharacters.id, id));
    await poker('/fold').catch(() => undefined);
    await usePlayerLimit(server, 'pokerHands', userId, 1);
    expect((await poker('/poker'))[0]).toMatch(/^New poker game!/);
    await poker('/fold');
    const before = await chips();
    const table = await view();
    const refused = await player.post<ErrorBody>(`/api/characters/${id}/console`, { text: '/poker' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PLAYER_LIMITS.pokerHands.message);
    expect(await chips()).toBe(before);
    expect(await view()).toEqual(table);
    // Other commands are not paced by it.
    expect((await say(player, id, '/status')).lines.length).toBeGreaterThan(0);
  });
});
