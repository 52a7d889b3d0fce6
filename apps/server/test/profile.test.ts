import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProfileView } from '@rpg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCharacter, png, upload } from './support/characters.ts';
import { TestClient } from './support/client.ts';
import { achievementProgress } from '../src/db/schema/achievements.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { makeFriends, profileOf, socialPlayer } from './support/social.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const player = (prefix = 'prof', email?: string) => socialPlayer(server.url, prefix, email);
const rename = (client: TestClient, username: string) => client.json<ProfileView & { message: string }>('PATCH', '/api/profile', { username });
const stamp = () => Date.now().toString(36);

describe('profiles (spec 03 §2 own and another user’s profile)', () => {
  it('counts posts, friends and characters from the rows; the e-mail only on the own profile', async () => {
    const [ann, ben] = [await player(), await player()];
    await createCharacter(ann.client);
    await makeFriends(ann, ben);
    const posted = await ann.client.post('/api/posts', { text: 'First post' });
    expect(posted.status).toBeLessThan(300);
    const own = (await ann.client.get<ProfileView>('/api/profiles/me')).body;
    expect(own.user.id).toBe(ann.id);
    expect(own.email).toBe(ann.email);
    expect(own.relation.status).toBe('self');
    expect(own.counts).toEqual({ posts: 1, friends: 1, characters: 1 });

    const seen = await profileOf(ben, ann.id);
    expect(seen.body.email).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain(ann.email);
    expect(seen.body.counts).toEqual({ posts: 1, friends: 1, characters: 1 });
    expect(seen.body.relation.status).toBe('friends');
    expect((await ben.client.get<{ friends: Array<{ id: string }> }>(`/api/profiles/${ann.id}/friends`)).body.friends.map((f) => f.id)).toEqual([ben.id]);

    expect((await ben.client.get('/api/profiles/no-such-player')).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/profiles/${ann.id}`)).status).toBe(401);
  });
});

describe('usernames (spec 03 §5 "Profile", DECISIONS §4)', () => {
  it("says 'No changes to update.', refuses a name taken in any letter case, accepts a new one and a change of case", async () => {
    const tag = stamp();
    const [ann, ben] = [await player(`ann${tag}`), await player(`ben${tag}`)];
    const same = await rename(ann.client, ` ${ann.username} `);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('No changes to update.');
    const taken = await rename(ann.client, ben.username.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That username is already taken.');
    expect((await rename(ann.client, 'x')).body.message).toBe('Username must be 2 to 40 characters.');

    const renamed = await rename(ann.client, `<b>Ann</b>${tag}`);
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.username).toBe(`<b>Ann</b>${tag}`);
    expect((await ann.client.get<{ username: string }>('/api/me')).body.username).toBe(`<b>Ann</b>${tag}`);
    expect((await profileOf(ben, ann.id)).body.user.username).toBe(`<b>Ann</b>${tag}`);
    expect((await rename(ann.client, `<B>ANN</B>${tag}`)).status).toBe(200);
    // Only the player's own name: there is no route to rename another.
    expect((await rename(ben.client, `<b>ann</b>${tag}`)).status).toBe(409);
  });

  // Issue 25: the default name was the e-mail's local part, so anyone could map an address to a player.
  it("gives a new player a generated adventurer's name that reveals nothing of the e-mail, unique, kept on the next sign-in", async () => {
    const local = `hero${stamp()}`;
    const players = [
      await player('x', `${local}@example.com`),
      await player('x', `${local.toUpperCase()}@example.org`),
      await player('x', `${local}@example.net`),
    ];
    for (const p of players) {
      expect(p.username).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
      expect(p.username.toLowerCase()).not.toContain(local);
    }
    expect(new Set(players.map((p) => p.username.toLowerCase())).size).toBe(3);
    // Signing in again keeps the name.
    const again = new TestClient(server.url);
    expect((await again.post('/api/auth/sign-in/email', { email: `${local}@example.org`, password: 'dragon-fire' })).status).toBe(200);
    expect((await again.get<{ username: string }>('/api/me')).body.username).toBe(players[1]!.username);
    // Another player finds none of them by the address.
    for (const q of [`${local}@example.com`, local]) {
      expect((await players[0]!.client.get<{ users: unknown[] }>(`/api/users/search?q=${encodeURIComponent(q)}`)).body.users).toEqual([]);
    }
  });

  // Issue 25: "Game Master" and invisible characters were accepted as usernames.
  it('refuses reserved names and invisible characters, and stores the name in NFKC', async () => {
    const ann = await player();
    for (const name of ['Game Master', 'game_master', 'Adm1n', 'GM Bob', 'AI Bot', 'Ｍｏｄｅｒａｔｏｒ']) {
      const res = await rename(ann.client, name);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe('That name is reserved. Please choose another.');
    }
    for (const name of [`Ann\u200B${stamp()}`, `\u202EnnA${stamp()}`, `Ann\u3164${stamp()}`]) {
      const res = await rename(ann.client, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Usernames cannot contain invisible or control characters.');
    }
    const mixed = await rename(ann.client, `\u0410nn${stamp()}`);
    expect(mixed.body.message).toBe('Usernames cannot mix look-alike alphabets (such as Latin and Cyrillic letters).');
    const tag = stamp();
    const wide = await rename(ann.client, `Ａｎｎ${tag}`);
    expect(wide.status).toBe(200);
    expect((await ann.client.get<{ username: string }>('/api/me')).body.username).toBe(`Ann${tag}`);
  });
});

describe('avatar and banner (DECISIONS §3)', () => {
  it('stores images checked by their bytes, replaces and removes them; refuses anything else', async () => {
    const ann = await player();
    for (const kind of ['avatar', 'banner'] as const) {
      const res = await upload(ann.client, `/api/profile/${kind}`, png(3, 3), { filename: 'x.txt', type: 'text/plain' });
      expect(res.status).toBe(200);
      const view = res.body as ProfileView;
      const url = kind === 'avatar' ? view.user.avatarUrl : view.user.bannerUrl;
      expect(url).toMatch(/^\/uploads\/profiles\/[0-9a-f]{32}\.webp$/);
      expect((await fetch(new URL(url!, server.url))).status).toBe(200);

      const fake = await upload(ann.client, `/api/profile/${kind}`, Buffer.from('<svg onload=alert(1)>'), { filename: 'evil.png' });
      expect(fake.status).toBe(400);
      expect((fake.body as { message: string }).message).toBe('Images only: PNG, JPEG, WebP or GIF.');

      const replaced = (await upload(ann.client, `/api/profile/${kind}`, png(4, 4))).body as ProfileView;
      const next = kind === 'avatar' ? replaced.user.avatarUrl : replaced.user.bannerUrl;
      expect(next).not.toBe(url);
      expect(existsSync(path.join(server.dataDir, url!))).toBe(false);
      const removed = await ann.client.json<ProfileView>('DELETE', `/api/profile/${kind}`);
      expect(kind === 'avatar' ? removed.body.user.avatarUrl : removed.body.user.bannerUrl).toBeNull();
      expect(existsSync(path.join(server.dataDir, next!))).toBe(false);
    }
  });
});

describe('titles (spec 03 §4 battle-pass rewards: a title shown beside the name)', () => {
  it('carries the battle-pass title in the profile answer, to the player and to others; null before one is granted', async () => {
    const [ann, ben] = [await player(), await player()];
    expect((await profileOf(ben, ann.id)).body.user.title).toBeNull();
    // The row the battle-pass grant writes (services/achievements.ts setTitle), written here directly.
    await server.database.db
      .insert(achievementProgress)
      .values({ userId: ann.id, title: 'Explorer' })
      .onConflictDoUpdate({ target: achievementProgress.userId, set: { title: 'Explorer' } });
    expect((await profileOf(ben, ann.id)).body.user.title).toBe('Explorer');
    expect((await ann.client.get<ProfileView>('/api/profiles/me')).body.user.title).toBe('Explorer');
    expect((await profileOf(ann, ben.id)).body.user.title).toBeNull();
  });
});
