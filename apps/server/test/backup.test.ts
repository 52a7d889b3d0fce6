import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync, linkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuctionActionResponse, CharacterView, InventoryView, MyAuctions, PostFeed, PostImageResponse, PostResponse } from '@rpg/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { auditEconomy } from '../src/ops/audit-economy.ts';
import { PID_FILE } from '../src/ops/backup.ts';
import { OPS_COMMANDS } from '../src/ops/commands.ts';
import { CONTROL_DIR, controlSocketPath, startControlServer } from '../src/ops/control.ts';
import { createCharacter, png, upload } from './support/characters.ts';
import { signedInPlayer, TestClient, uniqueEmail } from './support/client.ts';
import { gear, giveItem, setCopper } from './support/items.ts';
import { startTestServer } from './support/server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'rpg-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const tsx = import.meta.resolve('tsx');

/** A command line of package.json (`npm run backup`, `restore`, `admin`) on DATA_DIR, run from `cwd` (the checkout by default). */
function cli(script: 'backup-cli.ts' | 'admin-cli.ts', args: string[], dataDir: string, cwd = root) {
  const result = spawnSync(process.execPath, ['--import', tsx, path.join(root, 'apps/server/src/ops', script), ...args], {
    cwd,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}
/** The same, without blocking this process (a server in it answers the command line). */
function cliAsync(script: 'backup-cli.ts' | 'admin-cli.ts', args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, path.join(root, 'apps/server/src/ops', script), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}
/** `npm run backup [FILE]` / `npm run restore FILE` as the package.json scripts run them. */
const ops = (command: 'backup' | 'restore', dataDir: string, file?: string, cwd?: string) =>
  cli('backup-cli.ts', [command, ...(file ? [file] : [])], dataDir, cwd);
const mode = (file: string) => statSync(file).mode & 0o777;

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
    // Issue 46: only its owner reads it (it holds every password hash, session and the secret).
    expect(mode(file)).toBe(0o600);
    // Without FILE: under ./backups (which .gitignore covers), a folder only its owner opens.
    const cwd = mkdtempSync(path.join(work, 'cwd-'));
    const byDefault = ops('backup', dataDir, undefined, cwd);
    expect(byDefault.code, byDefault.out).toBe(0);
    const [made2] = readdirSync(path.join(cwd, 'backups'));
    expect(made2).toMatch(/^rpg-backup-.*\.tar\.gz$/);
    expect(mode(path.join(cwd, 'backups'))).toBe(0o700);
    expect(mode(path.join(cwd, 'backups', made2!))).toBe(0o600);

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

/** Issue 46, point 3: a tampered backup cannot reach outside DATA_DIR. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run restore refuses links', () => {
  it('refuses a backup holding a symbolic link, a hard link or a path out of the folder, and leaves DATA_DIR empty', { timeout: 60_000 }, () => {
    const tampered = (name: string, add: (dir: string) => void) => {
      const dir = path.join(work, `tampered-${name}`);
      mkdirSync(path.join(dir, 'pglite'), { recursive: true });
      writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
      writeFileSync(path.join(dir, 'auth-secret'), 'x'.repeat(40));
      add(dir);
      const file = path.join(work, `tampered-${name}.tar.gz`);
      const made = spawnSync('tar', ['-czf', file, '-C', dir, '.'], { encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      return file;
    };
    const files = [
      tampered('symlink', (dir) => symlinkSync('/', path.join(dir, 'uploads'))),
      tampered('deep-symlink', (dir) => {
        mkdirSync(path.join(dir, 'uploads'));
        symlinkSync('/etc/passwd', path.join(dir, 'uploads', 'avatar.webp'));
      }),
      tampered('hardlink', (dir) => linkSync(path.join(dir, 'auth-secret'), path.join(dir, 'secret-again'))),
    ];
    for (const file of files) {
      const target = path.join(work, `restore-${path.basename(file, '.tar.gz')}`);
      const refused = ops('restore', target, file);
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toContain('Refusing a backup with a link or a special file');
      expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    }
    // A path out of the folder (GNU tar writes it with -P).
    const outside = path.join(work, 'outside.tar.gz');
    const dir = path.join(work, 'tampered-symlink');
    expect(spawnSync('tar', ['-czPf', outside, '-C', dir, './pglite/PG_VERSION', '../tampered-hardlink/auth-secret'], { encoding: 'utf8' }).status).toBe(0);
    const escaped = ops('restore', path.join(work, 'restore-outside'), outside);
    expect(escaped.code).toBe(1);
    expect(escaped.out).toContain('Refusing a backup with the path ../tampered-hardlink/auth-secret');
  });
});

/** Issue 46, point 10: backups and role grants while the game runs on the embedded database. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run backup and npm run admin against a running server', () => {
  it(
    'the running server grants roles and makes a backup over its control socket, only its owner can open; the backup is whole while players play',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(work, 'live');
      let server = await startTestServer({ reuse: { dataDir } });
      const control = await startControlServer(dataDir, OPS_COMMANDS, { database: server.database, inServer: true, dataDir }, server.app.log);
      writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
      try {
        expect(control).toBeDefined();
        expect(mode(path.join(dataDir, CONTROL_DIR))).toBe(0o700);
        expect(mode(controlSocketPath(dataDir))).toBe(0o600);
        const email = uniqueEmail('live');
        const player = await signedInPlayer(server.url, email);
        const character = await createCharacter(player);
        await setCopper(server.database.db, character.id, 1_000_000);

        const granted = await cliAsync('admin-cli.ts', ['grant', email, 'moderator'], dataDir);
        expect(granted, granted.out).toMatchObject({ code: 0, out: `${email} is now a moderator (was a player).\n` });
        expect((await player.get<{ role: string }>('/api/me')).body.role).toBe('moderator');
        const unknown = await cliAsync('admin-cli.ts', ['grant', 'nobody@example.com', 'admin'], dataDir);
        expect(unknown.code).toBe(1);
        expect(unknown.out).toContain('No account has the e-mail nobody@example.com.');
        expect(cli('admin-cli.ts', ['launch'], dataDir).code).toBe(64);

        // Chips bought while the backup is taken: the copy holds each purchase whole or not at all.
        let playing = true;
        const buying = (async () => {
          let bought = 0;
          while (playing) {
            const res = await player.post(`/api/characters/${character.id}/chips/buy`, { amount: 100 });
            if (res.status === 200) bought++;
          }
          return bought;
        })();
        const file = path.join(work, 'live.tar.gz');
        const made = await cliAsync('backup-cli.ts', ['backup', file], dataDir);
        playing = false;
        expect(made.code, made.out).toBe(0);
        expect(made.out).toContain('from the running server');
        expect(await buying).toBeGreaterThan(0);
        expect(mode(file)).toBe(0o600);
        await server.stop({ keepData: true });
        await control?.close();
        rmSync(path.join(dataDir, PID_FILE), { force: true });

        // With the server stopped, the command line opens the database itself.
        expect(cli('admin-cli.ts', ['grant', email, 'player'], dataDir)).toMatchObject({ code: 0, out: `${email} is now a player (was a moderator).\n` });

        const restoredDir = path.join(work, 'live-restored');
        const restored = ops('restore', restoredDir, file);
        expect(restored.code, restored.out).toBe(0);
        server = await startTestServer({ reuse: { dataDir: restoredDir } });
        const audit = await auditEconomy(server.database.db);
        expect(audit.differences).toEqual([]);
        const same = new TestClient(server.url);
        expect((await same.post('/api/auth/sign-in/email', { email, password: 'dragon-fire' })).status).toBe(200);
        expect((await same.get<{ role: string }>('/api/me')).body.role).toBe('moderator');
      } finally {
        await control?.close();
        await server.stop();
      }
    },
  );
});
