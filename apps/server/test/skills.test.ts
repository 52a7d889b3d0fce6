import type { AdventureStateResponse, SkillChangeResponse, SkillTreeState } from '@rpg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSkills, playerCharacters } from '../src/db/schema/index.ts';
import { createCharacter, type ErrorBody } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const db = () => server.database.db;

async function setPoints(characterId: string, skillPoints: number) {
  await db().update(playerCharacters).set({ skillPoints }).where(eq(playerCharacters.id, characterId));
}
async function stored(characterId: string) {
  const [row] = await db().select({ skillPoints: playerCharacters.skillPoints }).from(playerCharacters).where(eq(playerCharacters.id, characterId));
  const skills = await db().select({ id: characterSkills.skillId }).from(characterSkills).where(eq(characterSkills.characterId, characterId));
  return { skillPoints: row?.skillPoints, skills: skills.map((s) => s.id).sort() };
}

async function trainee(characterClass = 'mage') {
  const player = await signedInPlayer(server.url);
  const character = await createCharacter(player, { class: characterClass });
  const base = `/api/characters/${character.id}/skills`;
  return {
    player,
    character,
    tree: (query = '') => player.get<SkillTreeState & ErrorBody>(`${base}${query}`),
    unlock: (skillId: unknown) => player.post<SkillChangeResponse & ErrorBody>(`${base}/unlock`, { skillId }),
    reset: () => player.post<SkillChangeResponse & ErrorBody>(`${base}/reset`, {}),
  };
}

const statusOf = (state: SkillTreeState, id: string) => state.tree?.nodes.find((n) => n.id === id)?.status;

describe('the skill tree state (spec 03 §2/§4)', () => {
  it("shows the character's own tree: 19 nodes and their links, the root available, level and points = level - 1", async () => {
    const { tree } = await trainee();
    const res = await tree();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ characterClass: 'mage', level: 1, skillPoints: 0, supported: true, preview: false, unlocked: [] });
    expect(res.body.tree?.name).toBe('Mage');
    expect(res.body.tree?.nodes).toHaveLength(19);
    expect(res.body.tree?.links).toContainEqual({ from: 'healingLight', to: 'mysticInfusion' });
    expect(statusOf(res.body, 'sparkBolt')).toBe('available');
    expect(statusOf(res.body, 'manaTap')).toBe('locked');
  });

  it("answers 404 for another player's character", async () => {
    const { character } = await trainee();
    const stranger = await signedInPlayer(server.url);
    expect((await stranger.get(`/api/characters/${character.id}/skills`)).status).toBe(404);
    expect((await stranger.post(`/api/characters/${character.id}/skills/unlock`, { skillId: 'sparkBolt' })).status).toBe(404);
    expect((await stranger.post(`/api/characters/${character.id}/skills/reset`, {})).status).toBe(404);
  });
});

describe('unlocking (spec 03 §4/§5/§8)', () => {
  it('refuses without points, with unmet requirements and when already unlocked; unlocks for 1 point', async () => {
    const { character, unlock, tree } = await trainee();
    const broke = await unlock('sparkBolt');
    expect([broke.status, broke.body.message]).toEqual([400, 'Not enough skill points']);

    await setPoints(character.id, 3);
    const early = await unlock('manaTap');
    expect([early.status, early.body.message]).toEqual([400, "You haven't met the requirements for this skill"]);

    const first = await unlock('sparkBolt');
    expect(first.status).toBe(200);
    expect(first.body.toast).toEqual({ title: 'Skill Unlocked', description: 'Unlocked Spark Bolt!', variant: 'success' });
    expect(first.body.state).toMatchObject({ skillPoints: 2, unlocked: ['sparkBolt'] });
    expect(statusOf(first.body.state, 'manaTap')).toBe('available');

    const again = await unlock('sparkBolt');
    expect([again.status, again.body.message]).toEqual([409, 'Spark Bolt is already unlocked']);
    expect((await unlock('manaTap')).status).toBe(200);

    expect(await stored(character.id)).toEqual({ skillPoints: 1, skills: ['manaTap', 'sparkBolt'] });
    const after = await tree();
    expect(after.body).toMatchObject({ skillPoints: 1, unlocked: ['sparkBolt', 'manaTap'], bonuses: { magicPower: 2, winChance: 0.01 } });
    expect(statusOf(after.body, 'manaTap')).toBe('unlocked');
  });

  it('spends a last point once when several unlocks race (row lock on the character)', async () => {
    const { character, unlock } = await trainee('warrior');
    await setPoints(character.id, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => unlock('basicStrike')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await stored(character.id)).toEqual({ skillPoints: 0, skills: ['basicStrike'] });
  });

  it('refuses an unknown skill (404) and a malformed body (400)', async () => {
    const { character, unlock } = await trainee();
    await setPoints(character.id, 1);
    expect((await unlock('notASkill')).status).toBe(404);
    expect((await unlock(42)).status).toBe(400);
    expect(await stored(character.id)).toEqual({ skillPoints: 1, skills: [] });
  });

  it('makes unlocked skills count: the launcher shows a higher win chance', async () => {
    const { player, character, unlock } = await trainee('warrior');
    const chance = async () =>
      (await player.get<AdventureStateResponse>(`/api/characters/${character.id}/adventure`)).body.launcher.locations[0]!.levels[4]!.winChance;
    const before = await chance();
    await setPoints(character.id, 3);
    for (const id of ['basicStrike', 'ragingBlow', 'bloodlust']) expect((await unlock(id)).status).toBe(200);
    expect(await chance()).toBeGreaterThan(before);
  });
});

describe('reset (spec 03 §4/§5/§8)', () => {
  it('refuses with only the root; returns every point but the root and keeps the root', async () => {
    const { character, unlock, reset } = await trainee('rogue');
    expect((await reset()).body.message).toBe('No skills to reset');
    await setPoints(character.id, 4);
    expect((await unlock('quickStrike')).status).toBe(200);
    expect((await reset()).body.message).toBe('No skills to reset');
    for (const id of ['shadowStep', 'deadlyPoison', 'smokeBomb']) expect((await unlock(id)).status).toBe(200);
    expect(await stored(character.id)).toEqual({ skillPoints: 0, skills: ['deadlyPoison', 'quickStrike', 'shadowStep', 'smokeBomb'] });

    const done = await reset();
    expect(done.status).toBe(200);
    expect(done.body.toast).toEqual({ title: 'Skills Reset', description: 'Skill tree reset! All points have been refunded.', variant: 'success' });
    expect(done.body.state).toMatchObject({ skillPoints: 3, unlocked: ['quickStrike'] });
    expect(await stored(character.id)).toEqual({ skillPoints: 3, skills: ['quickStrike'] });
  });
});

describe('preview and other classes (spec 03 §2/§4)', () => {
  it("shows another class's tree in preview against no unlocked skill, and saves nothing of it", async () => {
    const { character, tree, unlock } = await trainee();
    await setPoints(character.id, 2);
    expect((await unlock('sparkBolt')).status).toBe(200);
    const preview = await tree('?tree=warrior');
    expect(preview.body).toMatchObject({ characterClass: 'mage', preview: true, skillPoints: 1, unlocked: ['sparkBolt'] });
    expect(preview.body.tree?.name).toBe('Warrior');
    expect(statusOf(preview.body, 'basicStrike')).toBe('available');

    const refused = await unlock('basicStrike');
    expect([refused.status, refused.body.message]).toEqual([403, "Skill trees can only be changed for the character's own class."]);
    expect(await stored(character.id)).toEqual({ skillPoints: 1, skills: ['sparkBolt'] });
    expect((await tree('?tree=druid')).status).toBe(400);
  });

  it("answers the nine other classes 'Access Denied' / 'Unsupported class type.' and changes nothing", async () => {
    const { character, tree, unlock, reset } = await trainee('paladin');
    const state = await tree();
    expect(state.body).toMatchObject({ characterClass: 'paladin', supported: false, tree: null, preview: false });
    await setPoints(character.id, 2);
    for (const answer of [await unlock('sparkBolt'), await reset()]) {
      expect([answer.status, answer.body.title, answer.body.message]).toEqual([403, 'Access Denied', 'Unsupported class type.']);
    }
    expect(await stored(character.id)).toEqual({ skillPoints: 2, skills: [] });
  });
});
