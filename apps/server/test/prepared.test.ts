import { asc, eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { prepared } from '../src/db/prepared.ts';
import { transaction } from '../src/db/transaction.ts';
import { freshPostgres } from './support/server.ts';

/**
 * db/prepared.ts runs a query built once, as drizzle's own `.prepare(name)`: what it answers must
 * be exactly what drizzle's query builder answers for the same query (decoders, nested objects,
 * left-join nulls, parameters), on both databases, on the database and in a transaction.
 */
const heroes = pgTable('prep_heroes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  bornAt: timestamp('born_at', { withTimezone: true }).notNull(),
  gear: jsonb('gear').$type<{ sword: string; level: number }>(),
  level: integer('level').notNull(),
  brave: boolean('brave').notNull(),
});
const pets = pgTable('prep_pets', {
  heroId: integer('hero_id').notNull(),
  kind: text('kind').notNull(),
  adoptedAt: timestamp('adopted_at', { withTimezone: true }),
});

let counter = 0;
function suite(open: () => Promise<{ database: Database; drop?: () => Promise<void> }>) {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const tag = `p${++counter}_`;
  /** The query under test, on a level given as a placeholder (prepared) or as a value (drizzle's own). */
  const select = (db: Database['db'], level: unknown) =>
    db
      .select({
        hero: heroes,
        pet: pets,
        title: sql<string>`upper(${heroes.name})`,
        petCount: sql<number>`(select count(*) from ${pets} p where p.hero_id = ${heroes.id})`.mapWith(Number),
        seen: sql<Date>`${heroes.bornAt} + interval '1 day'`.mapWith(heroes.bornAt),
      })
      .from(heroes)
      .leftJoin(pets, eq(pets.heroId, heroes.id))
      .where(sql`${heroes.level} >= ${level}`)
      .orderBy(asc(heroes.id));
  const byLevel = prepared(`${tag}by_level`, (db) => select(db as Database['db'], sql.placeholder('level')));
  const rename = prepared(`${tag}rename`, (db) =>
    db
      .update(heroes)
      .set({ name: sql`${sql.placeholder('name')}` })
      .where(eq(heroes.id, sql.placeholder('id')))
      .returning(),
  );
  const query = (db: Database['db'], level: number) => select(db, level);

  beforeAll(async () => {
    ({ database, drop } = await open());
    await database.db.execute(
      sql`create table prep_heroes (id serial primary key, name text not null, born_at timestamptz not null, gear jsonb, level int not null, brave boolean not null)`,
    );
    await database.db.execute(sql`create table prep_pets (hero_id int not null, kind text not null, adopted_at timestamptz)`);
    await database.db.insert(heroes).values([
      { name: 'Aria', bornAt: new Date('2020-01-02T03:04:05.678Z'), gear: { sword: 'oak', level: 2 }, level: 3, brave: true },
      { name: 'Bram', bornAt: new Date('2021-05-06T07:08:09.000Z'), gear: null, level: 7, brave: false },
    ]);
    await database.db.insert(pets).values([{ heroId: 1, kind: 'owl', adoptedAt: new Date('2022-01-01T00:00:00.000Z') }]);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('answers what drizzle answers: decoded columns, nested objects, a left join that found nothing as null', async () => {
    const mine = await byLevel(database.db, { level: 1 });
    expect(mine).toEqual(await query(database.db, 1));
    expect(mine[0]!.hero.bornAt).toBeInstanceOf(Date);
    expect(mine[0]!.hero.gear).toEqual({ sword: 'oak', level: 2 });
    expect(mine[0]!.pet).toEqual({ heroId: 1, kind: 'owl', adoptedAt: new Date('2022-01-01T00:00:00.000Z') });
    expect(mine[1]!.pet).toBeNull();
    expect(mine[1]!.petCount).toBe(0);
    expect(mine[0]!.seen).toEqual(new Date('2020-01-03T03:04:05.678Z'));
    expect(await byLevel(database.db, { level: 5 })).toEqual(await query(database.db, 5));
  });

  it('runs in a transaction, writes with returning, and reports a failed statement as drizzle does', async () => {
    const renamed = await database.db.transaction(async (tx) => {
      const [row] = await rename(tx, { id: 2, name: 'Bramble' });
      expect(await byLevel(tx, { level: 5 })).toEqual(await query(tx as unknown as Database['db'], 5));
      return row;
    });
    expect(renamed).toMatchObject({ id: 2, name: 'Bramble', level: 7, brave: false, gear: null });
    await expect(byLevel(database.db, {} as { level: number })).rejects.toThrow('No value for placeholder "level" was provided');
    await expect(rename(database.db, { id: 1, name: null as unknown as string })).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23502' }) });
  });

  it("runs in the game's transactions (built once on their connection): inside it sees the transaction's writes, a rollback undoes them", async () => {
    for (let i = 0; i < 3; i++) {
      await expect(
        transaction(database.db, async (tx) => {
          await rename(tx, { id: 1, name: `Ghost${i}` });
          expect((await byLevel(tx, { level: 1 }))[0]!.hero.name).toBe(`Ghost${i}`);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect((await byLevel(database.db, { level: 1 }))[0]!.hero.name).toBe('Aria');
    }
    const [kept] = await transaction(database.db, (tx) => rename(tx, { id: 1, name: 'Aria' }));
    expect(kept).toMatchObject({ id: 1, name: 'Aria' });
  });
}

describe('prepared queries on the embedded database', () => {
  suite(async () => ({ database: await openDatabase({ dataDir: 'memory://' }) }));
});

describe.runIf(Boolean(process.env.DATABASE_URL))('prepared queries on PostgreSQL', () => {
  suite(async () => {
    const fresh = await freshPostgres(process.env.DATABASE_URL!);
    return { database: await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://' }), drop: fresh.drop };
  });
});
