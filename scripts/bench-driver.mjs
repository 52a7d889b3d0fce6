#!/usr/bin/env node
// The database driver alone (db/client.ts, db/transaction.ts), without HTTP or game code: many
// concurrent simple reads (a prepared select by primary key through db/prepared.ts, as the game's
// hot reads are; the same select built by drizzle's builder for each read), and many small transactions (a locked read and an update, through db/transaction.ts), against
// PostgreSQL. Prints, per phase, what was served per second, the p50 and p99 of one operation, and
// the server process's CPU per operation (user + system; on a loaded machine the steadier figure).
//
//   node --import tsx scripts/bench-driver.mjs
//     DATABASE_URL  a PostgreSQL the bench may create a database on (default the development one)
//     BENCH_DB      use this database instead of a new one (made and migrated beforehand; kept)
//     CLIENT        the db/client.ts to measure (default this checkout's: another checkout's to compare)
//     READERS, WRITERS  concurrent loops per phase (default 50, 20); SECONDS per phase (default 5)
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/postgres';
const clientPath = path.resolve(process.env.CLIENT ?? path.join(root, 'apps/server/src/db/client.ts'));
const readers = Number(process.env.READERS ?? 50);
const writers = Number(process.env.WRITERS ?? 20);
const seconds = Number(process.env.SECONDS ?? 5);
const ROWS = 1000;

const { openDatabase } = await import(pathToFileURL(clientPath).href);
const { transaction } = await import(pathToFileURL(path.join(path.dirname(clientPath), 'transaction.ts')).href);
const { prepared } = await import(pathToFileURL(path.join(path.dirname(clientPath), 'prepared.ts')).href);
const { eq, sql } = await import('drizzle-orm');
const { integer, pgTable } = await import('drizzle-orm/pg-core');

const probe = pgTable('driver_probe', { id: integer('id').primaryKey(), n: integer('n').notNull() });

let dbName = process.env.BENCH_DB;
const made = !dbName;
dbName ??= `bench_driver_${process.pid}`;
const url = new URL(adminUrl);
if (made) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
}
url.pathname = `/${dbName}`;

const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
const { db } = database;
await db.execute(sql`create table if not exists driver_probe (id int primary key, n int not null)`);
await db.execute(sql`insert into driver_probe (id, n) select g, 0 from generate_series(1, ${ROWS}) g on conflict do nothing`);

const read = prepared('driver_probe_read', (handle) =>
  handle
    .select()
    .from(probe)
    .where(eq(probe.id, sql.placeholder('id'))),
);
const randomId = () => 1 + Math.floor(Math.random() * ROWS);

/** `loops` concurrent loops of `op` for a second of warm-up and then `seconds`: the measured figures. */
async function phase(name, loops, op) {
  let measuring = false;
  let stop = false;
  const times = [];
  const run = async () => {
    while (!stop) {
      const started = performance.now();
      await op();
      if (measuring) times.push(performance.now() - started);
    }
  };
  const running = Array.from({ length: loops }, run);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  measuring = true;
  const cpu = process.cpuUsage();
  const at = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const used = process.cpuUsage(cpu);
  const elapsed = (performance.now() - at) / 1000;
  stop = true;
  await Promise.all(running);
  times.sort((a, b) => a - b);
  const at_ = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    phase: name,
    loops,
    perSecond: Math.round(times.length / elapsed),
    p50ms: Number(at_(0.5).toFixed(2)),
    p99ms: Number(at_(0.99).toFixed(2)),
    cpuUsPerOp: Number(((used.user + used.system) / times.length).toFixed(1)),
  };
}

const results = [
  await phase('reads', readers, () => read(db, { id: randomId() })),
  await phase('built reads', readers, () => db.select().from(probe).where(eq(probe.id, randomId()))),
  await phase('transactions', writers, () =>
    transaction(db, async (tx) => {
      const id = randomId();
      await tx.select().from(probe).where(eq(probe.id, id)).for('no key update');
      await tx
        .update(probe)
        .set({ n: sql`${probe.n} + 1` })
        .where(eq(probe.id, id));
    }),
  ),
];
await database.close();
if (made) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database ${dbName} with (force)`);
  await admin.end();
}
console.log(JSON.stringify({ client: path.relative(root, clientPath), results }));
