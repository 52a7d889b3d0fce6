import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { legacyXpToLeaveLevel, MAX_LEVEL, migrateLevelXp, xpToLeaveLevel } from '@rpg/game';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationState, openDatabase, type Database } from '../src/db/client.ts';
import { playerCharacters } from '../src/db/schema/index.ts';
import { auditEconomy } from '../src/ops/audit-economy.ts';
import { createCharacter } from './support/characters.ts';
import { signedInPlayer } from './support/client.ts';
import { freshPostgres, startTestServer, type TestServer } from './support/server.ts';

const run = promisify(execFile);
/** Migration 0023 in drizzle's journal, and how many came after it. */
const journal = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const XP_TABLE_MIGRATION = journal.entries.find((e) => e.tag === '0023_xp_table')!;
const LATER_MIGRATIONS = journal.entries.filter((e) => e.when > XP_TABLE_MIGRATION.when).length;
const root = path.resolve(import.meta.dirname, '../../..');

/** Characters as the old table (spec 02 §9's 250 n (n + 1)) left them: a level and the XP inside it. */
const OLD_SAVES = [
  { name: 'Newt', level: 1, xp: 400 },
  { name: 'Ivor', level: 9, xp: 22_499 },
  { name: 'Tamsin', level: 12, xp: 30_000 },
  { name: 'Rook', level: 30, xp: 1 },
  { name: 'Odile', level: 49, xp: 600_000 },
  { name: 'Maud', level: MAX_LEVEL, xp: 1_000_000 },
];

/**
 * Issue 42 point 5: existing saves onto the new XP table. Migration 0023 only changes data (the
 * schema at 0022 and 0023 is the same), so a database from before it is this one with 0023's row
 * taken out of drizzle's log and the characters' XP as the old table left it. Opening it applies
 * 0023; nobody loses a level, the XP keeps its share of the level, and `npm run audit-economy`
 * finds the ledger whole before and after.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('migration 0023 (issue 42): old levels and XP onto the new table', () => {
  let server: TestServer | undefined;
  let database: Database | undefined;
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rpg-test-0023-'));
  afterAll(async () => {
    await database?.close();
    await server?.stop({ keepData: true });
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const audit = async () => {
    const answer = await run('npm', ['run', '--silent', 'audit-economy'], { cwd: root, env: { ...process.env, DATABASE_URL: url } }).catch(
      (error: { code?: number; stdout?: string }) => error,
    );
    return answer as { code?: number; stdout?: string };
  };

  it('keeps every level, maps the XP inside it, and leaves the ledger whole', async () => {
    ({ url, drop } = await freshPostgres(process.env.DATABASE_URL!));
    server = await startTestServer({ reuse: { dataDir, databaseUrl: url } });
    const ids: string[] = [];
    for (const save of OLD_SAVES) {
      const client = await signedInPlayer(server.url);
      ids.push((await createCharacter(client, { name: save.name })).id);
    }
    const db = server.database.db;
    for (const [i, save] of OLD_SAVES.entries()) {
      expect(save.level === MAX_LEVEL || save.xp < legacyXpToLeaveLevel(save.level)).toBe(true);
      await db.update(playerCharacters).set({ level: save.level, xp: save.xp }).where(eq(playerCharacters.id, ids[i]!));
    }
    // The database as it stood before 0023: the rows of 0023 and what came after out of drizzle's
    // log (drizzle applies what is newer than the last row), and what came after undone (0024: the
    // chat throttle's column; 0025: the index of a player's connections).
    await db.execute(sql`alter table users drop column chat_sent_at`);
    await db.execute(sql`drop index realtime_connections_user_idx`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${XP_TABLE_MIGRATION.when}`);
    const before = await migrationState(db);
    expect(before.applied).toBe(before.known - LATER_MIGRATIONS - 1);
    await server.stop({ keepData: true });
    server = undefined;

    const audited = await audit();
    expect(audited.code ?? 0).toBe(0);

    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const after = await migrationState(database.db);
    expect(after.applied).toBe(after.known);
    const rows = await database.db.select({ id: playerCharacters.id, level: playerCharacters.level, xp: playerCharacters.xp }).from(playerCharacters);
    for (const [i, save] of OLD_SAVES.entries()) {
      const row = rows.find((r) => r.id === ids[i]);
      expect(row, save.name).toEqual({ id: ids[i], ...migrateLevelXp(save.level, save.xp) });
      expect(row?.level, save.name).toBe(save.level);
      if (save.level < MAX_LEVEL) expect(row!.xp, save.name).toBeLessThan(xpToLeaveLevel(save.level));
    }
    expect((await auditEconomy(database.db)).ok).toBe(true);
    await database.close();
    database = undefined;

    const whole = await audit();
    console.log(`npm run audit-economy after migration 0023:\n${whole.stdout}`);
    expect(whole.code ?? 0).toBe(0);
  }, 180_000);
});
