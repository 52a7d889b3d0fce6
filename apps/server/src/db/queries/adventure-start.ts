import type { ConsoleMessage } from '@rpg/contract';
import type { InventoryEntry, LocationId } from '@rpg/game';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { claimCte, claimed, type StatementClaimValues } from '../idempotency.ts';
import { nowParam, prepared, preparedWrite } from '../prepared.ts';
import { characterAdventures, consoleMessages, playerCharacterInventory, playerCharacters, playerFirstHour } from '../schema/index.ts';
import type { AdventureRow } from './adventures.ts';
import { toMessageView } from './console.ts';

/**
 * Issue 45, point 3: an adventure's start in two statements and no transaction: `readStart` reads
 * what the rules decide from, and `writeStart` writes the start in one statement only if all of
 * it is as read (services/adventures/start.ts falls back to the transaction otherwise).
 */

/** Character `pc`'s equipped entries and their items, the same text in both statements (the write's recheck). */
const equippedKey = sql`coalesce((select jsonb_agg(jsonb_build_array(i.id, i.item_data) order by i.id) from ${playerCharacterInventory} i
  where i.character_id = pc.id and i.equipped), '[]'::jsonb)`;

const userId = sql`${sql.placeholder('userId')}::text`;
const characterId = sql`${sql.placeholder('id')}::uuid`;

interface StartReadRow {
  name: string;
  level: number;
  ongoing: { location: LocationId; endTime: string } | null;
  equipped: InventoryEntry[];
  equipped_key: unknown;
  steps: string[];
  due: string[];
}

const startRead = prepared('adventure_start_read', (db) =>
  db
    .select({
      name: sql<string>`pc.name`,
      level: sql<number>`pc.level`,
      ongoing: sql<StartReadRow['ongoing']>`(select json_build_object('location', a.location, 'endTime', a.end_time) from ${characterAdventures} a
        where a.character_id = pc.id and a.completed = false limit 1)`,
      equipped: sql<
        InventoryEntry[]
      >`coalesce((select json_agg(json_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped)
        order by i.created_at, i.id) from ${playerCharacterInventory} i where i.character_id = pc.id and i.equipped), '[]')`,
      equipped_key: sql<unknown>`${equippedKey}`,
      steps: sql<string[]>`coalesce((select f.steps from ${playerFirstHour} f where f.user_id = pc.user_id), '{}')`,
      due: sql<string[]>`array(select ca.id::text from ${characterAdventures} ca join ${playerCharacters} o on o.id = ca.character_id
        where o.user_id = pc.user_id and ca.completed = false and ca.end_time <= ${nowParam} order by ca.end_time)`,
    })
    .from(sql`${playerCharacters} pc`)
    .where(sql`pc.id = ${characterId} and pc.user_id = ${userId}`),
);

/** What a start decides from, unlocked; `due`: the player's adventures to settle first. */
export interface StartRead {
  name: string;
  level: number;
  ongoing: { location: LocationId; endTime: Date } | null;
  /** The equipped entries, oldest first. */
  equipped: InventoryEntry[];
  /** The first steps the player has done (issue 44). */
  steps: string[];
  due: string[];
  /** What the write checks is still so (the equipped entries and items). */
  equippedKey: unknown;
}

/** The player's character as a start reads it, in one statement: undefined when it is not the player's. */
export async function readStart(db: DbOrTx, user: string, id: string, now: Date): Promise<StartRead | undefined> {
  const [row] = await startRead(db, { userId: user, id, now: now.toISOString() });
  if (!row) return undefined;
  const { equipped_key: equippedKey, ongoing, ...read } = row;
  return { ...read, equippedKey, ongoing: ongoing && { location: ongoing.location, endTime: new Date(ongoing.endTime) } };
}

export interface StartWrite {
  userId: string;
  id: string;
  /** As read: the write happens only while the character's name, level and equipped gear are. */
  name: string;
  level: number;
  equippedKey: unknown;
  location: LocationId;
  adventureLevel: number;
  startTime: Date;
  endTime: Date;
  originalMs: number;
  speedReduction: number;
  seed: string;
  /** The 'adventure-start' console line. */
  line: string;
}

type StartWriteValues = Record<string, unknown> & StatementClaimValues;

interface StartWriteRow {
  locked: boolean;
  claimed: boolean;
  adventure: Record<string, unknown> | null;
  line: { id: number; kind: string; sender: string; content: string; created_at: string } | null;
}

/**
 * Lock order (docs/architecture.md): the character (4, FOR UPDATE, as getCharacterForUpdate: the
 * guard `c`, named three times, is materialized before the parts that name it), then
 * what the start writes (5): the key's claim, the adventure, the console line. The guard rechecks,
 * under the lock, that the character is the player's with the name, level and gear the rules
 * decided from and no open adventure (the one-open index catches a start racing past it).
 */
const startWritten = preparedWrite<StartWriteValues, StartWriteRow>(
  'adventure_start_write',
  [
    [
      'c',
      sql`select pc.id from ${playerCharacters} pc
      where pc.id = ${characterId} and pc.user_id = ${userId} and pc.name = ${sql.placeholder('name')}::text and pc.level = ${sql.placeholder('level')}::int
        and not exists (select from ${characterAdventures} a where a.character_id = pc.id and a.completed = false)
        and ${equippedKey} = ${sql.placeholder('equippedKey')}::jsonb
      for update of pc`,
    ],
    claimCte(sql`c`),
    [
      'adventure',
      sql`insert into ${characterAdventures} (character_id, location, level, start_time, end_time, original_ms, speed_reduction, seed)
      select c.id, ${sql.placeholder('location')}::text, ${sql.placeholder('adventureLevel')}::int, ${sql.placeholder('startTime')}::timestamptz,
        ${sql.placeholder('endTime')}::timestamptz, ${sql.placeholder('originalMs')}::int, ${sql.placeholder('speedReduction')}::int, ${sql.placeholder('seed')}::text
      from c where ${claimed}
      returning *`,
    ],
    [
      'line',
      sql`insert into ${consoleMessages} (character_id, kind, sender, content)
      select a.character_id, 'adventure-start', 'System', ${sql.placeholder('line')}::text from adventure a
      returning id, kind, sender, content, created_at`,
    ],
  ],
  {
    locked: sql<boolean>`exists (select from c)`,
    claimed: sql<boolean>`exists (select from claim)`,
    adventure: sql<Record<string, unknown> | null>`(select to_jsonb(a) from adventure a)`,
    line: sql<StartWriteRow['line']>`(select to_jsonb(l) from line l)`,
  },
);

const date = (value: unknown) => new Date(value as string);

/** The adventure row as to_jsonb gives it. */
function adventureOf(json: Record<string, unknown>): AdventureRow {
  return {
    id: json.id as string,
    characterId: json.character_id as string,
    location: json.location as LocationId,
    level: json.level as number,
    startTime: date(json.start_time),
    endTime: date(json.end_time),
    originalMs: json.original_ms as number,
    speedReduction: json.speed_reduction as number,
    seed: json.seed as string | null,
    completed: json.completed as boolean,
    rewardClaimed: json.reward_claimed as boolean,
    outcome: json.outcome as Record<string, unknown> | null,
    completedAt: json.completed_at === null ? null : date(json.completed_at),
  };
}

/** What `writeStart` found: the character no longer as read (the caller falls back), or the start written. */
export type StartWritten = { kind: 'changed' } | { kind: 'written'; claimed: boolean; adventure: AdventureRow | null; line: ConsoleMessage | null };

/** The start in one statement (see startWritten); `claim`: the request's key, claimed in it. */
export async function writeStart(db: DbOrTx, write: StartWrite, claim: StatementClaimValues): Promise<StartWritten> {
  const { userId: user, startTime, endTime, equippedKey: key, ...rest } = write;
  const [row] = await startWritten(db, {
    ...rest,
    ...claim,
    userId: user,
    equippedKey: JSON.stringify(key),
    startTime: startTime.toISOString(),
    endTime: endTime.toISOString(),
  });
  if (!row?.locked) return { kind: 'changed' };
  const line = row.line && toMessageView({ ...row.line, createdAt: date(row.line.created_at) });
  return { kind: 'written', claimed: row.claimed, adventure: row.adventure && adventureOf(row.adventure), line };
}
