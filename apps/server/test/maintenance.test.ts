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
      (await database.db.execute(
        sql`select c.reltuples::int as tuples, s.last_analyze, s.last_vacuum from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = ${table}`,
      )) as unknown as {
        rows: Array<{ tuples: number; last_analyze: string | null; last_vacuum: string | null }>;
      }
    ).rows[0]!;

  const unvacuumed = async () =>
    (
      (await database.db.execute(
        sql`select relname as name from pg_stat_user_tables where schemaname = 'public' and last_vacuum is null order by relname`,
      )) as unknown as { rows: Array<{ name: string }> }
    ).rows.map((row) => row.name);

  it('gathers no statistics of the payload columns, which no statement filters on (drizzle/0018)', async () => {
    const payloads = [
      'store_offers.item',
      'player_character_inventory.item_data',
      'auction_listings.item_data',
      'gifts.item',
      'character_adventures.outcome',
      'character_crafts.result',
      'console_messages.content',
      'chat_messages.character_appearance',
      'chat_messages.text',
    ];
    const { rows } = (await database.db.execute(sql`
      select c.relname || '.' || a.attname as name, a.attstattarget::int as target from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname || '.' || a.attname in (${sql.join(
        payloads.map((p) => sql`${p}`),
        sql`, `,
      )}, 'store_offers.character_id')
      order by 1`)) as unknown as { rows: Array<{ name: string; target: number | null }> };
    expect(
      rows
        .filter((row) => row.target === 0)
        .map((row) => row.name)
        .sort(),
    ).toEqual([...payloads].sort());
    // The columns the statements do filter on keep theirs.
    expect(rows.find((row) => row.name === 'store_offers.character_id')?.target).not.toBe(0);
  });

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
    // Each table of the game's schema vacuumed alone: a statement (and a hold of the event loop) each.
    const tables = await unvacuumed();
    expect(tables).toEqual(expect.arrayContaining(['maint_probe', 'maint_small', 'auction_listings', 'console_messages']));
    expect(await task.settleDue(new Date(start + 10 * 60 * 1000))).toBe(tables.length);
    expect(await unvacuumed()).toEqual([]);
  });
});
