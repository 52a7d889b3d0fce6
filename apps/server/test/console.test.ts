import { consoleMessageSchema } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conditionsEffect, conditionsLine, DELETE_REFUSAL, RuleError, worldAt } from '@rpg/game';
import { runConsoleLine } from '../src/commands/pipeline.ts';
import { CommandTable } from '../src/commands/registry.ts';
import type { CommandDef } from '../src/commands/types.ts';
import { pusher } from '../src/realtime/notify.ts';
import { characterAdventures, playerCharacterAttributes, playerCharacters } from '../src/db/schema/index.ts';
import type { CharacterView } from '../src/routes/characters/view.ts';
import { adventuresOf, attributesRow, characterRow, history, replies, say, sleep } from './support/adventure.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer, type TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// RPG_TIME_SCALE 600: mana regenerates 1 point every 50 ms, a level-10 adventure lasts 12 s.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RPG_TIME_SCALE: '600' } });
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const SPELLS = 'fireball, heal, frostbolt, lightning, shield';

async function player(body: Record<string, unknown> = {}): Promise<{ client: TestClient; character: CharacterView }> {
  const client = await signedInPlayer(server.url);
  return { client, character: await createCharacter(client, body) };
}

/** The one reply line of a command, with its kind. */
async function reply(client: TestClient, id: string, text: string) {
  const lines = replies(await say(client, id, text));
  expect(lines, text).toHaveLength(1);
  return lines[0]!;
}

describe('the console (spec 02 §2, §5, §8, §9)', () => {
  it('lists every command of the table in /help and /h, and refuses an unknown one', async () => {
    const { client, character } = await player();
    const help = await reply(client, character.id, '/help');
    expect(help.kind).toBe('system');
    for (const def of server.app.ctx.commands.all()) expect(help.content).toContain(`${def.usage}`);
    for (const usage of [
      '/help (or /h)',
      '/status (or /s)',
      '/roll [NdM]',
      '/adventure [location] [level]',
      '/forest [level]',
      '/desert [level]',
      '/ice [level]',
      '/volcano [level]',
      '/caves [level]',
      '/spell [name]',
      '/delete (or /del)',
    ]) {
      expect(help.content).toContain(usage);
    }
    expect((await reply(client, character.id, '/H')).content).toBe(help.content);
    expect(await reply(client, character.id, '/foo')).toMatchObject({ kind: 'error', content: 'Unknown command: /foo. Type /help for available commands.' });
  });

  it('rolls dice: NdM, 1d20 by default, the spec text for anything else', async () => {
    const { client, character } = await player();
    const two = await reply(client, character.id, '/roll 2d6');
    expect(two.kind).toBe('roll');
    const [, a, b, total] = /^Aria rolls 2d6: (\d+) \+ (\d+) = (\d+)\.$/.exec(two.content) ?? [];
    expect([a, b].every((v) => Number(v) >= 1 && Number(v) <= 6)).toBe(true);
    expect(Number(total)).toBe(Number(a) + Number(b));
    const d20 = await reply(client, character.id, '/roll');
    const [, value] = /^Aria rolls 1d20: (\d+)\.$/.exec(d20.content) ?? [];
    expect(Number(value)).toBeGreaterThanOrEqual(1);
    expect(Number(value)).toBeLessThanOrEqual(20);
    for (const bad of ['/roll bad', '/roll d20', '/roll 0d6', '/roll 2d6+1']) {
      expect(await reply(client, character.id, bad)).toMatchObject({ kind: 'error', content: 'Invalid dice format. Use NdM format (e.g., 1d20).' });
    }
  });

  it('shows the status with /s and /status, with the adventure in progress', async () => {
    const { client, character } = await player();
    await db().update(playerCharacters).set({ copper: 12_345, casinoChips: 300 }).where(eq(playerCharacters.id, character.id));
    const a = character.attributes;
    const expected = (adventure: string) =>
      [
        'Aria - level 1 elf mage',
        'XP: 0 / 100 (100 to next level)',
        `Health: ${a.currentHealth}/${a.maxHealth}`,
        `Mana: ${a.currentMana}/${a.maxMana}`,
        'Gold: 1g 23s 45c',
        'Chips: 300',
        adventure,
      ].join('\n');
    expect(await reply(client, character.id, '/s')).toEqual(expect.objectContaining({ kind: 'system', content: expected('Adventure: none') }));
    await db().update(playerCharacters).set({ level: 50 }).where(eq(playerCharacters.id, character.id));
    expect((await reply(client, character.id, '/volcano 10')).kind).toBe('adventure-start');
    const status = await reply(client, character.id, '/status');
    expect(status.content).toMatch(/\nAdventure: Volcano level 10, returning in 0:1[0-2]$/);
    expect(status.content).toContain('Aria - level 50 elf mage\nXP: 0 (maximum level)\n');
  });

  it('starts adventures by /adventure and the shortcuts, with the usage and the rules texts', async () => {
    const { client, character } = await player();
    expect(await reply(client, character.id, '/adventure')).toMatchObject({ kind: 'system', content: 'Usage: /adventure [location] [level]' });
    expect(await reply(client, character.id, '/adventure moon 1')).toMatchObject({ kind: 'error', content: 'Invalid adventure location.' });
    expect(await reply(client, character.id, '/forest 2')).toMatchObject({
      kind: 'error',
      content: 'You must be at least player level 10 to start Forest adventure level 2. Reach higher level by adventuring more!',
    });
    expect(await reply(client, character.id, '/caves two')).toMatchObject({ kind: 'error', content: 'Adventure level must be a whole number from 1 to 10.' });
    await db().update(playerCharacters).set({ level: 10 }).where(eq(playerCharacters.id, character.id));
    const started = await reply(client, character.id, '/adventure ice lands 2');
    expect(await adventuresOf(db(), character.id)).toEqual([expect.objectContaining({ location: 'ice', level: 2, completed: false })]);
    // Issue 42: the line ends with the land's conditions at setting out (the world runs at the time scale).
    const [adventure] = await adventuresOf(db(), character.id);
    const world = worldAt(adventure!.startTime.getTime(), 600);
    expect(started).toMatchObject({
      kind: 'adventure-start',
      content: `Aria sets out for the Ice Lands (level 2). They will return in 0:02. ${conditionsLine(world, 'ice')} (${conditionsEffect(world.lands.ice)}).`,
    });
  });

  it("starts an adventure by the place's display name in any case, level 1 when left out (spec 02 §5, §9 locations)", async () => {
    const { client, character } = await player();
    const started = await reply(client, character.id, '/adventure ICE lands');
    expect(started).toMatchObject({ kind: 'adventure-start' });
    expect(started?.content).toMatch(
      /^Aria sets out for the Ice Lands \(level 1\)\. They will return in \d+:\d\d\. Ice Lands: (day|night), \w+ \((no effect|win chance -\d+%(, rewards \+15%)?|rewards \+15%)\)\.$/,
    );
    expect(await adventuresOf(db(), character.id)).toEqual([expect.objectContaining({ location: 'ice', level: 1 })]);
  });

  it('casts spells: usage, unknown spell, not enough mana with its toast, heal after regeneration', async () => {
    const { client, character } = await player();
    expect(await reply(client, character.id, '/spell')).toMatchObject({ kind: 'system', content: `Usage: /spell [name] - Available spells: ${SPELLS}` });
    expect(await reply(client, character.id, '/spell teleport')).toMatchObject({
      kind: 'error',
      content: `Unknown spell: teleport. Available spells: ${SPELLS}`,
    });

    const warrior = await createCharacter(client, { name: 'Brom', class: 'warrior', race: 'dwarf', gender: 'male' });
    const refused = await say(client, warrior.id, '/spell lightning');
    expect(replies(refused)).toEqual([expect.objectContaining({ kind: 'error', content: 'Not enough mana to cast lightning. It requires 5 mana points.' })]);
    expect(refused.toasts).toEqual([
      { title: 'Not Enough Mana', description: 'Not enough mana to cast lightning. It requires 5 mana points.', variant: 'error' },
    ]);

    // Mana spent long ago has come back by the time of the cast (1 point per 50 ms here).
    const max = character.attributes.maxHealth;
    const maxMana = character.attributes.maxMana;
    expect(maxMana).toBeGreaterThanOrEqual(4);
    await db()
      .update(playerCharacterAttributes)
      .set({ currentHealth: max - 5, currentMana: 0, manaUpdatedAt: new Date(Date.now() - 60_000) })
      .where(eq(playerCharacterAttributes.characterId, character.id));
    expect(await reply(client, character.id, '/spell Heal')).toMatchObject({
      kind: 'mana',
      content: `You cast heal and restore 5 health (${max}/${max}). Mana: ${maxMana - 4}/${maxMana}.`,
    });
    expect(await attributesRow(db(), character.id)).toMatchObject({ currentHealth: max });
    expect(await reply(client, character.id, '/spell heal')).toMatchObject({ kind: 'error', content: 'You are already at full health.' });

    await db().update(playerCharacterAttributes).set({ currentMana: maxMana }).where(eq(playerCharacterAttributes.characterId, character.id));
    expect((await reply(client, character.id, '/spell fireball')).content).toBe(
      `You cast fireball: +5% win chance on your next adventure (+5% in all). Mana: ${maxMana - 3}/${maxMana}.`,
    );
    expect((await characterRow(db(), character.id)).spellEffects).toEqual({ bonusWinChance: 0.05, bonusDefense: 0 });
  });

  it('refuses /delete, stores plain text as the character saying it, and keeps the history for a reload', async () => {
    const { client, character } = await player();
    const answers = [
      await say(client, character.id, '/delete'),
      await say(client, character.id, '/del'),
      await say(client, character.id, 'Hello, tavern!'),
      await say(client, character.id, '/roll 1d1'),
    ];
    expect(replies(answers[0]!)).toEqual([expect.objectContaining({ kind: 'system', content: DELETE_REFUSAL })]);
    expect(DELETE_REFUSAL).toBe('Deleting your character is not supported via command. Please use the profile page.');
    expect(answers[2]!.messages).toEqual([expect.objectContaining({ kind: 'user', sender: 'Aria', content: 'Hello, tavern!' })]);
    const reloaded = await history(client, character.id);
    expect(reloaded).toEqual(answers.flatMap((a) => a.messages));
    expect(reloaded.map((m) => m.content)).toEqual(['/delete', DELETE_REFUSAL, '/del', DELETE_REFUSAL, 'Hello, tavern!', '/roll 1d1', 'Aria rolls 1d1: 1.']);
    for (const m of reloaded) consoleMessageSchema.parse(m);
  });

  it("answers 404 'Character not found' for another player's console", async () => {
    const { character } = await player();
    const stranger = await signedInPlayer(server.url);
    for (const res of [
      await stranger.post<ErrorBody>(`/api/characters/${character.id}/console`, { text: '/roll' }),
      await stranger.get<ErrorBody>(`/api/characters/${character.id}/console`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Character not found');
    }
    expect(await history((await player()).client, character.id).catch((e: Error) => e.message)).toBe('history failed: 404');
  });

  it('keeps nothing a refused command did: only the typed line and the refusal are stored (spec 02 §5)', async () => {
    const { client, character } = await player();
    const before = await characterRow(db(), character.id);
    // A command that changes the character, then is refused by a rule, as a purchase refused late would be.
    const spend: CommandDef = {
      name: 'spendthenrefuse',
      usage: '/spendthenrefuse',
      help: 'test',
      group: 'General',
      async run(ctx) {
        await ctx.tx
          .update(playerCharacters)
          .set({ copper: before.copper + 999, xp: 77 })
          .where(eq(playerCharacters.id, ctx.characterId));
        ctx.say('system', 'this line must not be stored');
        throw new RuleError('REFUSED', 'Refused by a rule.', { title: 'Refused' });
      },
    };
    const answer = await runConsoleLine(
      {
        db: db(),
        catchUp: async () => [],
        needsCatchUp: () => false,
        commands: new CommandTable([[spend]]),
        config: server.app.ctx.config,
        pusher: pusher(server.app.ctx.hub, server.app.log),
        log: server.app.log,
      },
      { userId: before.userId, characterId: character.id, text: '/spendthenrefuse' },
    );
    expect(answer.messages.map((m) => [m.kind, m.content])).toEqual([
      ['user', '/spendthenrefuse'],
      ['error', 'Refused by a rule.'],
    ]);
    expect(answer.toasts).toEqual([{ title: 'Refused', description: 'Refused by a rule.', variant: 'error' }]);
    const after = await characterRow(db(), character.id);
    expect([after.copper, after.xp]).toEqual([before.copper, before.xp]);
    expect((await history(client, character.id)).slice(-2).map((m) => m.content)).toEqual(['/spendthenrefuse', 'Refused by a rule.']);
  });

  it('settles an adventure that has come due before the next line runs, in the line itself (DECISIONS §3)', async () => {
    const { client, character } = await player();
    // The scheduler held off: only the line's own catch-up can settle the adventure.
    const scheduler = vi.spyOn(server.app.ctx.adventures, 'settleDue').mockResolvedValue(0);
    expect((await reply(client, character.id, '/forest')).kind).toBe('adventure-start');
    // Due from now on: a scheduler tick already under way judges by its own earlier start, so it cannot take it.
    await db().update(characterAdventures).set({ endTime: new Date() }).where(eq(characterAdventures.characterId, character.id));
    await sleep(20);
    const catchUp = vi.spyOn(server.app.ctx.adventures, 'catchUp');
    const status = await say(client, character.id, '/status');
    expect(catchUp).toHaveBeenCalledTimes(1);
    catchUp.mockRestore();
    scheduler.mockRestore();
    expect(await adventuresOf(db(), character.id)).toEqual([expect.objectContaining({ completed: true })]);
    expect(replies(status).some((line) => line.content.includes('Adventure: none'))).toBe(true);
    // With nothing due and mana full (a new character), a line costs no catch-up of its own.
    const fresh = await player();
    const idle = vi.spyOn(server.app.ctx.adventures, 'catchUp');
    await say(fresh.client, fresh.character.id, '/roll');
    expect(idle).not.toHaveBeenCalled();
    idle.mockRestore();
  });
});
