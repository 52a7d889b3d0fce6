import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { embeddedMaintenance } from '../src/db/maintenance.ts';

/** The embedded database has no autovacuum: the maintenance task analyzes grown tables and vacuums. */
describe('embedded database maintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database?.close());

  const stats = async (table: string) =>
    (
      (await database.db.execute(sql`select c.reltuples::int as tuples, s.last_analyze, s.last_vacuum from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`)) as unknown as {
        rows: Array<{ tuples: number; last_analyze: string | null; last_vacuum: string | null }>;
      }
    ).rows[0]!;

  it('analyzes a table once it grew, leaves a small unchanged one, and vacuums on its own period', async () => {
    await database.db.execute(sql`create table maint_probe (id serial primary key, note text)`);
    await database.db.execute(sql`create table maint_small (id serial primary key)`);
    await database.db.execute(sql`insert into maint_probe (note) select 'line ' || g from generate_series(1, 20000) g`);
    const start = Date.now();
    const task = embeddedMaintenance(database.db, { error: (o) => console.error(o) }, start);
    expect(await task.nextDue()).toEqual(new Date(start + 2 * 60 * 1000));
    expect((await stats('maint_probe')).last_analyze).toBeNull();
    // Not yet due: nothing runs.
    expect(await task.settleDue(new Date(start + 1000))).toBe(0);
    expect(await task.settleDue(new Date(start + 2 * 60 * 1000))).toBe(1);
    const analyzed = await stats('maint_probe');
    expect(analyzed.last_analyze).not.toBeNull();
    expect(analyzed.tuples).toBe(20000);
    expect((await stats('maint_small')).last_analyze).toBeNull();
    // Grown by less than a fifth: not again.
    await database.db.execute(sql`insert into maint_probe (note) select 'more ' || g from generate_series(1, 1000) g`);
    expect(await task.settleDue(new Date(start + 4 * 60 * 1000))).toBe(0);
    expect((await stats('maint_probe')).last_vacuum).toBeNull();
    expect(await task.settleDue(new Date(start + 10 * 60 * 1000))).toBe(1);
    expect((await stats('maint_probe')).last_vacuum).not.toBeNull();
  });
});
