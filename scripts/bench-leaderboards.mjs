#!/usr/bin/env node
// The leaderboards with many players (issue 11): seeds 100,000 characters (50,000 players, two
// each) into a database of its own on the PostgreSQL of DATABASE_URL (created here, dropped at the
// end), then times each board as GET /api/leaderboards/:board reads it (the top 100 and the own
// characters' ranks, one statement; the server's own code, services/leaderboards.ts)
// for a player in the middle of the field. Target: under 50 ms per board.
//   DATABASE_URL=postgres://… node scripts/bench-leaderboards.mjs   (BENCH_LB_CHARACTERS=100000, BENCH_LB_RUNS=30, BENCH_LB_KEEP=1 keeps the database)
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.log('bench-leaderboards: skipped (set DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
const characters = Number(process.env.BENCH_LB_CHARACTERS ?? 100_000);
const runs = Number(process.env.BENCH_LB_RUNS ?? 30);
const players = Math.ceil(characters / 2);
const TARGET_MS = 50;

const name = `rpg_bench_lb_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const work = mkdtempSync(path.join(tmpdir(), 'rpg-bench-lb-'));

const { openDatabase } = await import(path.join(root, 'apps/server/src/db/client.ts'));
const { readBoard } = await import(path.join(root, 'apps/server/src/services/leaderboards.ts'));
const { LEADERBOARDS } = await import(path.join(root, 'packages/contract/src/leaderboards.ts'));

const database = await openDatabase({ databaseUrl: url.toString(), dataDir: work });
try {
  const seedStarted = performance.now();
  const q = (sql) => database.pool.query(sql);
  await q(`insert into auth_user (id, name, email, email_verified)
           select 'bench-' || g, 'bench ' || g, 'bench' || g || '@bench.test', true from generate_series(1, ${players}) g`);
  await q(`insert into users (id, email, username)
           select 'bench-' || g, 'bench' || g || '@bench.test', 'player' || g from generate_series(1, ${players}) g`);
  // Spread like a real field: levels skewed low, counts and stats with many ties.
  await q(`insert into player_characters (user_id, name, race, class, gender, level, xp, adventures_completed, battles_won)
           select 'bench-' || ((g - 1) / 2 + 1), 'Hero ' || g, 'human',
                  (array['warrior','mage','rogue','cleric','ranger','paladin','necromancer','berserker','monk','summoner','alchemist','bard'])[1 + g % 12],
                  'male', 1 + floor(power(random(), 2) * 49)::int, floor(random() * 500)::int,
                  floor(random() * 800)::int, floor(random() * 600)::int
           from generate_series(1, ${characters}) g`);
  await q(`insert into player_character_attributes (character_id, strength, dexterity, intelligence, constitution, attack, magic_power, speed, defense,
             health, current_health, max_health, current_mana, max_mana, base_strength, base_dexterity, base_intelligence, base_constitution,
             base_attack, base_magic_power, base_speed, base_defense, base_health, base_current_health, base_max_health, base_current_mana, base_max_mana)
           select id, 5, 5, 5, 5, floor(random() * 60)::int, 0, 0, floor(random() * 60)::int,
                  h, h, h, 0, 0, 5, 5, 5, 5, 0, 0, 0, 0, 10, 10, 10, 0, 0
           from (select id, 10 + level * 5 + floor(random() * 20)::int as h from player_characters) c`);
  await q('vacuum analyze');
  const seedMs = Math.round(performance.now() - seedStarted);
  const {
    rows: [me],
  } = await q(`select user_id from player_characters order by battles_won, id offset ${Math.floor(characters / 2)} limit 1`);

  const table = [];
  for (const board of LEADERBOARDS) {
    for (let i = 0; i < 3; i += 1) await readBoard(database.db, board, me.user_id);
    const times = [];
    let answer;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      answer = await readBoard(database.db, board, me.user_id);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const pct = (p) => +times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
    table.push({
      board,
      'p50 ms': pct(0.5),
      'p95 ms': pct(0.95),
      'max ms': +times.at(-1).toFixed(2),
      entries: answer.entries.length,
      'own ranks': answer.own.map((o) => o.rank).join(', '),
      [`< ${TARGET_MS} ms`]: pct(0.95) < TARGET_MS ? 'yes' : 'NO',
    });
  }
  console.log(
    `== leaderboards: ${characters.toLocaleString('en-US')} characters of ${players.toLocaleString('en-US')} players on PostgreSQL (seeded in ${seedMs} ms), ${runs} reads per board`,
  );
  console.table(table);
} finally {
  await database.close();
  if (process.env.BENCH_LB_KEEP === '1') console.log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
