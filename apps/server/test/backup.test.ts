import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuctionActionResponse, CharacterView, InventoryView, MyAuctions, PostFeed, PostImageResponse, PostResponse } from '@rpg/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { PID_FILE } from '../src/ops/backup.ts';
import { createCharacter, png, upload } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { startTestServer } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'rpg-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run backup` / `npm run restore` as the package.json scripts run them, on DATA_DIR. */
function ops(command: 'backup' | 'restore', dataDir: string, file: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/backup-cli.ts', command, file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Issue 28 (backups): the embedded database and the uploads in one file, and back. PostgreSQL is backed up with pg_dump. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run backup and npm run restore', () => {
  it('brings back players, items, listings and posts (with their images) into a new folder', { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, 'data');
    let server = await startTestServer({ reuse: { dataDir } });
    const email = uniqueEmail();
    const player = await signedInPlayer(server.url, email);
    const character = await createCharacter(player);
    await setCopper(server.database.db, character.id, 50_000);
    await giveItem(server.database.db, character.id, gear('Backup Blade', 'mainHand', { attack: 3 }, 400, 'uncommon'));
    const listedEntry = await giveItem(server.database.db, character.id, gear('Listed Helm', 'head', { defense: 2 }, 300, 'uncommon'));
    const listed = await player.post<AuctionActionResponse>(`/api/characters/${character.id}/auction`, { entryId: listedEntry, price: 1234 });
    expect(listed.status).toBe(200);
    const image = await upload(player, '/api/posts/images', png(3, 3), { method: 'POST' });
    expect(image.status).toBe(200);
    const post = await player.post<PostResponse>('/api/posts', { text: 'Before the backup', imageId: (image.body as PostImageResponse).imageId });
    expect(post.status).toBe(200);
    const userId = (await player.get<{ id: string }>('/api/me')).body.id;
    const read = async (client: TestClient) => ({
      characters: (await client.get<CharacterView[]>('/api/characters')).body,
      inventory: (await client.get<InventoryView>(`/api/characters/${character.id}/inventory`)).body.entries.map((e) => [e.item.name, e.quantity]),
      auctions: (await client.get<MyAuctions>('/api/auction/mine')).body.active.map((l) => [l.id, l.price]),
      posts: (await client.get<PostFeed>(`/api/users/${userId}/posts`)).body.posts.map((p) => [p.id, p.text, p.imageUrl]),
    });
    const before = await read(player);
    expect(before.auctions).toHaveLength(1);
    expect(before.posts).toHaveLength(1);

    // Refused while the server runs on the folder (its pid file names a live process).
    writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
    const file = path.join(work, 'game.tar.gz');
    const refused = ops('backup', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is running');
    await server.stop({ keepData: true });
    rmSync(path.join(dataDir, PID_FILE));

    const made = ops('backup', dataDir, file);
    expect(made.code, made.out).toBe(0);

    // Never over a folder with something in it.
    const busy = path.join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'keep.txt'), 'x');
    expect(ops('restore', busy, file)).toMatchObject({ code: 1 });

    const restoredDir = path.join(work, 'restored');
    const restored = ops('restore', restoredDir, file);
    expect(restored.code, restored.out).toBe(0);
    server = await startTestServer({ reuse: { dataDir: restoredDir } });
    try {
      // The same session works: its row and the auth secret came back.
      const same = new TestClient(server.url);
      expect((await same.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
      const after = await read(same);
      expect(after).toEqual(before);
      const imageUrl = after.posts[0]?.[2] as string;
      const picture = await fetch(new URL(imageUrl, server.url));
      expect(picture.status).toBe(200);
      // Stored as the upload made it: WebP (RIFF....WEBP), re-encoded by the server.
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect([bytes.subarray(0, 4).toString(), bytes.subarray(8, 12).toString()]).toEqual(['RIFF', 'WEBP']);
    } finally {
      await server.stop();
    }
  });
});
