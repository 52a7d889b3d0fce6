#!/usr/bin/env node
// The floor under a console line (scripts/bench.mjs, BENCH_FLOOR): a bare Fastify route that runs
// the line's transaction with node-postgres and nothing else: no game code, no hooks, no ORM. The
// same two round trips as the game's line (db/client.ts pipelines both): `begin` with the
// character's locked read (lockCharacterForLine's statement), then the insert of the typed line
// and its answer with the `commit`. What this serves per second on a machine is what any server
// with that transaction can, so the game's console is measured against it.
//   DATABASE_URL  the game's database (the bench's players and characters are in it)
//   PORT          where to listen
//   CHARACTERS    JSON [[characterId, userId], ...]: each request takes the next
import Fastify from 'fastify';
import pg from 'pg';

const characters = JSON.parse(process.env.CHARACTERS ?? '[]');
if (characters.length === 0) throw new Error('CHARACTERS is empty');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off', pipeline: true });

const LOCK = `select pc.name, a.current_mana, a.max_mana, a.mana_updated_at,
  array_to_string(array(select ca.id from character_adventures ca where ca.character_id = pc.id and ca.completed = false and ca.end_time <= $3::timestamptz order by ca.end_time), ',')
  from player_characters pc join player_character_attributes a on a.character_id = pc.id
  where pc.id = $1 and pc.user_id = $2 for no key update of pc, a`;
const INSERT = `insert into console_messages (character_id, kind, sender, content) values ($1, 'user', $2, '/roll 2d6'), ($1, 'roll', 'System', $3)
  returning id, character_id, kind, sender, content, created_at`;

let turn = 0;
const app = Fastify();
app.get('/health', async () => ({ ok: true }));
app.post('/line', async () => {
  const [characterId, userId] = characters[turn++ % characters.length];
  const client = await pool.connect();
  const stream = client.connection.stream;
  try {
    stream.cork();
    const begun = client.query('begin');
    const locked = client.query({ name: 'floor_lock', text: LOCK, values: [characterId, userId, new Date().toISOString()], rowMode: 'array' });
    stream.uncork();
    await begun;
    const [name] = (await locked).rows[0];
    stream.cork();
    const inserted = client.query({ name: 'floor_insert', text: INSERT, values: [characterId, name, `${name} rolls 2d6: 3 + 4 = 7.`], rowMode: 'array' });
    const committed = client.query('commit');
    stream.uncork();
    const { rows } = await inserted;
    await committed;
    return { messages: rows.map(([id, , kind, sender, content, createdAt]) => ({ id: Number(id), kind, sender, content, createdAt: new Date(createdAt).toISOString() })), toasts: [] };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
