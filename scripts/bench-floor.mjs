#!/usr/bin/env node
// The floors under the game's routes (scripts/bench.mjs, BENCH_FLOOR): bare Fastify routes that run
// a route's statements with node-postgres and nothing else: no game code, no hooks, no ORM. What
// they serve per second, and their p99, is what any server with those statements can on a machine,
// so the game's routes are measured against them.
// POST /line: a console line's transaction, the same statements as the game's line on a pooled
// connection, as node-postgres runs them (db/client.ts): `begin`, the character's locked read
// (lockCharacterForLine's statement), the insert of the typed line and its answer, `commit`.
// GET /characters: GET /api/characters' statement (characters_of_owner_now: each character's four
// one-to-one rows, its due adventures, its equipped items) as a named statement through the pool,
// its rows sent as JSON.
//   DATABASE_URL  the game's database (the bench's players and characters are in it)
//   PORT          where to listen
//   CHARACTERS    JSON [[characterId, userId], ...]: each request takes the next
import Fastify from 'fastify';
import pg from 'pg';

const characters = JSON.parse(process.env.CHARACTERS ?? '[]');
if (characters.length === 0) throw new Error('CHARACTERS is empty');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });

const LOCK = `select pc.name, a.current_mana, a.max_mana, a.mana_updated_at,
  array_to_string(array(select ca.id from character_adventures ca where ca.character_id = pc.id and ca.completed = false and ca.end_time <= $3::timestamptz order by ca.end_time), ',')
  from player_characters pc join player_character_attributes a on a.character_id = pc.id
  where pc.id = $1 and pc.user_id = $2 for no key update of pc, a`;
const INSERT = `insert into console_messages (character_id, kind, sender, content) values ($1, 'user', $2, '/roll 2d6'), ($1, 'roll', 'System', $3)
  returning id, character_id, kind, sender, content, created_at`;

const LIST = `select pc.*, a.*, ap.*, b.*,
  array_to_string(array(select ca.id
    from character_adventures ca where ca.character_id = pc.id and ca.completed = false and ca.end_time <= $2::timestamptz order by ca.end_time), ',') as due,
  coalesce((select json_agg(json_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped) order by i.created_at, i.id)
    from player_character_inventory i where i.character_id = pc.id and i.equipped), '[]'::json) as equipped
  from player_characters pc join player_character_attributes a on a.character_id = pc.id
    join player_character_appearance ap on ap.character_id = pc.id join player_character_backpack b on b.character_id = pc.id
  where pc.user_id = $1 order by pc.created_at, pc.id`;
let turn = 0;
const app = Fastify();
app.get('/characters', async () => {
  const [, userId] = characters[turn++ % characters.length];
  const { rows } = await pool.query({ name: 'floor_list', text: LIST, values: [userId, new Date().toISOString()] });
  return { characters: rows };
});
app.get('/health', async () => ({ ok: true }));
app.post('/line', async () => {
  const [characterId, userId] = characters[turn++ % characters.length];
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query({ name: 'floor_lock', text: LOCK, values: [characterId, userId, new Date().toISOString()], rowMode: 'array' });
    const [name] = locked.rows[0];
    const { rows } = await client.query({ name: 'floor_insert', text: INSERT, values: [characterId, name, `${name} rolls 2d6: 3 + 4 = 7.`], rowMode: 'array' });
    await client.query('commit');
    return {
      messages: rows.map(([id, , kind, sender, content, createdAt]) => ({
        id: Number(id),
        kind,
        sender,
        content,
        createdAt: new Date(createdAt).toISOString(),
      })),
      toasts: [],
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
