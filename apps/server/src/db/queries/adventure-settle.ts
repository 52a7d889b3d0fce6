import { ATTRIBUTE_KEYS, type Attributes, type InventoryEntry, type ItemData, type LedgerMovement, type SpellEffects } from '@rpg/game';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { prepared, preparedWrite } from '../prepared.ts';
import {
  characterAdventures,
  consoleMessages,
  playerCharacterAppearance,
  playerCharacterAttributes,
  playerCharacterBackpack,
  playerCharacterInventory,
  playerCharacters,
} from '../schema/index.ts';
import { getCharacterForUpdate, selectCharacters, type CharacterRow } from './characters.ts';
import { ledgerCte, ledgerJson } from './ledger.ts';
import { unlockedSkillsColumn } from './skills.ts';

/**
 * Issue 45, point 3: an adventure's settlement in few statements, in its transaction (the settler
 * holds the adventure: lock order step 2): `lockSettled` reads the character (step 4) with what the
 * fight and the loot are decided from, and `writeSettlement` writes what the rules decided in one
 * statement. The achievements' counting (recordEvents) stays its own statements.
 */

const settledLocked = prepared('adventure_settled_character_locked', (db) =>
  selectCharacters(db, {
    // The whole inventory, oldest first (listInventory's order).
    entries: sql<InventoryEntry[]>`coalesce((select json_agg(json_build_object('id', i.id, 'item', i.item_data, 'quantity', i.quantity, 'equipped', i.equipped)
      order by i.created_at, i.id) from ${playerCharacterInventory} i where i.character_id = ${playerCharacters.id}), '[]')`,
    skills: unlockedSkillsColumn,
  })
    .where(sql`${playerCharacters.id} = ${sql.placeholder('id')}::uuid and ${playerCharacters.userId} = ${sql.placeholder('userId')}::text`)
    .for('update', { of: [playerCharacters, playerCharacterAttributes, playerCharacterAppearance, playerCharacterBackpack] }),
);

/** The settled adventure's character and its one-to-one rows, locked (as getCharacterForUpdate), with its inventory and unlocked skills. */
export async function lockSettled(tx: Tx, userId: string, id: string): Promise<{ row: CharacterRow; entries: InventoryEntry[]; skills: string[] } | undefined> {
  // The lock first, in a statement of its own: a statement that waited for the lock still reads
  // the other rows (the inventory) as they were when it began, so a craft committed meanwhile
  // would leave the loot a stack that is gone (economy-concurrent.test.ts). Read after the lock,
  // the inventory is as every writer of it (each holding this lock) left it.
  if (!(await getCharacterForUpdate(tx, userId, id))) return undefined;
  const [found] = await settledLocked(tx, { userId, id });
  if (!found) return undefined;
  const { entries, skills, ...row } = found;
  return { row: row as CharacterRow, entries, skills };
}

const cid = sql`${sql.placeholder('characterId')}::uuid`;
const when = sql`exists (select from settled)`;
/** The attribute columns as `name = (a->>'key')::int` of the attributes' jsonb placeholder. */
const attributeSets = sql.join(
  ATTRIBUTE_KEYS.map((key) => sql`${sql.identifier(playerCharacterAttributes[key].name)} = (${sql.placeholder('attributes')}::jsonb ->> ${key})::int`),
  sql`, `,
);

/**
 * One statement: the adventure marked settled only while it was not (the recheck: settled once),
 * and only then the character (level, XP, copper, skill points, effects, the leaderboard counts),
 * its attributes and mana time, the loot (new rows of the ids given, stacks raised), the ledger's
 * rows and the console lines, in order.
 */
const settlementWritten = preparedWrite<Record<string, unknown>, { settled: boolean }>(
  'adventure_settlement_write',
  [
    [
      'settled',
      sql`update ${characterAdventures} set completed = true, reward_claimed = true, outcome = ${sql.placeholder('outcome')}::jsonb,
        completed_at = ${sql.placeholder('now')}::timestamptz
      where id = ${sql.placeholder('adventureId')}::uuid and completed = false returning id`,
    ],
    [
      'ch',
      sql`update ${playerCharacters} set level = ${sql.placeholder('level')}::int, xp = ${sql.placeholder('xp')}::int,
        copper = copper + ${sql.placeholder('copper')}::bigint, skill_points = skill_points + ${sql.placeholder('skillPoints')}::int,
        spell_effects = ${sql.placeholder('effects')}::jsonb, adventures_completed = adventures_completed + 1,
        battles_won = battles_won + ${sql.placeholder('won')}::int, updated_at = now()
      where id = ${cid} and ${when} returning id`,
    ],
    [
      'attrs',
      sql`update ${playerCharacterAttributes} set ${attributeSets},
        mana_updated_at = coalesce(${sql.placeholder('manaUpdatedAt')}::timestamptz, mana_updated_at)
      where character_id = ${cid} and ${when} returning character_id`,
    ],
    [
      'added',
      sql`insert into ${playerCharacterInventory} (id, character_id, item_data, quantity, equipped)
      select r.id, ${cid}, r.item, r.quantity, false from jsonb_to_recordset(${sql.placeholder('added')}::jsonb) as r(id uuid, item jsonb, quantity int)
      where ${when} returning id`,
    ],
    [
      'stacked',
      sql`update ${playerCharacterInventory} i set quantity = i.quantity + r.quantity
      from jsonb_to_recordset(${sql.placeholder('stacked')}::jsonb) as r(id uuid, quantity int)
      where i.id = r.id and i.character_id = ${cid} and ${when} returning i.id`,
    ],
    ledgerCte('ledger', sql`${sql.placeholder('ledger')}`, when),
    [
      'lines',
      sql`insert into ${consoleMessages} (character_id, kind, sender, content)
      select ${cid}, 'adventure-return', 'System', u.content from unnest(${sql.placeholder('lines')}::text[]) with ordinality as u(content, n)
      where ${when} order by u.n returning id`,
    ],
  ],
  { settled: sql<boolean>`exists (select from settled)` },
);

export interface SettlementWrite {
  adventureId: string;
  characterId: string;
  outcome: Record<string, unknown>;
  now: Date;
  character: { level: number; xp: number; copperGained: number; skillPointsGained: number; effects: SpellEffects; won: boolean };
  attributes: Attributes;
  /** The mana's regeneration time, when the settlement moved it. */
  manaUpdatedAt: Date | null;
  added: ReadonlyArray<{ id: string; item: ItemData; quantity: number }>;
  stacked: ReadonlyArray<{ id: string; quantity: number }>;
  ledger: readonly LedgerMovement[];
  lines: readonly string[];
}

/** The settlement written (settlementWritten); false: someone settled the adventure first (nothing written). */
export async function writeSettlement(tx: Tx, write: SettlementWrite): Promise<boolean> {
  const { character: c } = write;
  const [row] = await settlementWritten(tx, {
    adventureId: write.adventureId,
    characterId: write.characterId,
    outcome: JSON.stringify(write.outcome),
    now: write.now.toISOString(),
    level: c.level,
    xp: c.xp,
    copper: c.copperGained,
    skillPoints: c.skillPointsGained,
    effects: JSON.stringify(c.effects),
    won: c.won ? 1 : 0,
    attributes: JSON.stringify(write.attributes),
    manaUpdatedAt: write.manaUpdatedAt?.toISOString() ?? null,
    added: JSON.stringify(write.added),
    stacked: JSON.stringify(write.stacked),
    ledger: ledgerJson(write.ledger),
    lines: [...write.lines],
  });
  return row?.settled === true;
}
