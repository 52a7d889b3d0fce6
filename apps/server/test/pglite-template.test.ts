import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { authUser } from '../src/db/schema/auth.ts';
import { createFromTemplate, defaultMigrationsFolder, templateIsCurrent, templateUnusable, writeTemplate } from '../src/db/template.ts';

// The embedded database's template (src/db/template.ts): a first start unpacks it instead of
// running initdb, and the migrator then brings it to the current schema.
const work = mkdtempSync(path.join(tmpdir(), 'rpg-template-'));
const journal = JSON.parse(readFileSync(path.join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const allTags = journal.entries.map((e) => e.tag);
const currentTemplate = path.join(work, 'current.tar.gz');
const olderTemplate = path.join(work, 'older.tar.gz');
const olderMigrations = path.join(work, 'older-drizzle');
/** The older template lacks the code's last two migrations. */
const olderTags = allTags.slice(0, -2);

beforeAll(async () => {
  // A migrations folder as the code had it two migrations ago.
  cpSync(defaultMigrationsFolder, olderMigrations, { recursive: true });
  writeFileSync(path.join(olderMigrations, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, -2) }));
  for (const file of readdirSync(olderMigrations))
    if (file.endsWith('.sql') && !olderTags.includes(file.slice(0, -4))) rmSync(path.join(olderMigrations, file));
  await writeTemplate({ templateFile: currentTemplate });
  await writeTemplate({ templateFile: olderTemplate, migrationsFolder: olderMigrations });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function appliedMigrations(database: Database): Promise<number> {
  const rows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** Every table and column of the public schema, one line each, sorted. */
async function schemaOf(database: Database): Promise<string[]> {
  const rows = await database.db.execute<{ c: string }>(
    sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as c from information_schema.columns where table_schema = 'public' order by 1`,
  );
  return (rows as unknown as { rows: { c: string }[] }).rows.map((r) => r.c);
}

/** A first start's database from a template: unpacked, then opened as the server opens it (with the migrator). */
async function firstStart(templateFile: string): Promise<{ database: Database; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  expect(createFromTemplate(dataDir, { templateFile })).toBeUndefined();
  expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  return { database: await openDatabase({ dataDir }), dataDir };
}

describe('the embedded database template (docs/performance.md, "Sessions, HTTP and start")', () => {
  it('refuses a template from another PGlite or with a migration the code does not have, and leaves the data folder empty', () => {
    const foreignPglite = path.join(work, 'foreign-pglite.tar.gz');
    cpSync(currentTemplate, foreignPglite);
    const info = JSON.parse(readFileSync(currentTemplate.replace(/\.tar\.gz$/, '.json'), 'utf8')) as {
      pglite: string;
      migrations: { tag: string; hash: string }[];
    };
    writeFileSync(foreignPglite.replace(/\.tar\.gz$/, '.json'), JSON.stringify({ ...info, pglite: '0.0.1' }));
    const dataDir = mkdtempSync(path.join(work, 'refused-'));
    expect(createFromTemplate(dataDir, { templateFile: foreignPglite })).toBe(`the template is from PGlite 0.0.1, not ${info.pglite}`);

    const foreignMigration = path.join(work, 'foreign-migration.tar.gz');
    cpSync(currentTemplate, foreignMigration);
    const edited = info.migrations.map((m, i) => (i === 1 ? { ...m, hash: 'edited' } : m));
    writeFileSync(foreignMigration.replace(/\.tar\.gz$/, '.json'), JSON.stringify({ ...info, migrations: edited }));
    expect(createFromTemplate(dataDir, { templateFile: foreignMigration })).toBe(
      `the template holds migration ${allTags[1]}, which the code does not have as is`,
    );

    expect(createFromTemplate(dataDir, { templateFile: path.join(work, 'missing.tar.gz') })).toMatch(/^no template at /);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('tells a current template from an older one (the build rebuilds only the latter)', () => {
    expect(templateIsCurrent({ templateFile: currentTemplate })).toBe(true);
    expect(templateIsCurrent({ templateFile: olderTemplate })).toBe(false);
    // An older template is still usable: the migrator adds what it lacks.
    expect(templateUnusable({ templateFile: olderTemplate })).toBeUndefined();
  });

  it('a first start from the current template and one from an older template both end on the current schema', async () => {
    const fromCurrent = await firstStart(currentTemplate);
    const fromOlder = await firstStart(olderTemplate);
    try {
      expect(await appliedMigrations(fromCurrent.database)).toBe(allTags.length);
      expect(await appliedMigrations(fromOlder.database)).toBe(allTags.length);
      const schema = await schemaOf(fromCurrent.database);
      expect(schema.length).toBeGreaterThan(50);
      expect(await schemaOf(fromOlder.database)).toEqual(schema);
      // The database works: the tables the migrations made take rows.
      await fromOlder.database.db.insert(authUser).values({ id: 'u1', name: 'A', email: 'a@example.com' });
      expect(await fromOlder.database.db.select({ id: authUser.id }).from(authUser)).toEqual([{ id: 'u1' }]);
    } finally {
      await fromCurrent.database.close();
      await fromOlder.database.close();
    }
  }, 120_000);
});
