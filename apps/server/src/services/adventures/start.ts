import type { ConsoleMessage } from '@rpg/contract';
import {
  alreadyOnAdventure,
  completeFirstStep,
  isRuleError,
  LOCATIONS,
  setOutLine,
  startAdventure,
  worldAt,
  type InventoryEntry,
  type LocationId,
} from '@rpg/game';
import type { Db, Tx } from '../../db/client.ts';
import { statementClaim } from '../../db/idempotency.ts';
import { readStart, writeStart, type StartWritten } from '../../db/queries/adventure-start.ts';
import { insertAdventure, openAdventure, type AdventureRow } from '../../db/queries/adventures.ts';
import { getCharacterForUpdate, type CharacterRow } from '../../db/queries/characters.ts';
import { writeConsoleLines } from '../../db/queries/console.ts';
import { transaction } from '../../db/transaction.ts';
import type { AdventureSettlement } from './settlement.ts';
import { listInventory } from '../../db/queries/inventory.ts';
import { markFirstStep, type StepDone } from '../first-steps.ts';
import { secretSeed } from '../seed.ts';
import { equippedGear } from './shared.ts';

export interface BeginAdventure {
  /** As typed: a location id or name, any case. */
  location: string;
  level: number;
  now: Date;
  /** RPG_TIME_SCALE. */
  timeScale: number;
}

export interface Begun {
  adventure: AdventureRow;
  /** The 'adventure-start' console line. */
  line: string;
  /** The player's first adventure (issue 44, a first step), when it is. */
  step: StepDone | null;
}

/** A unique violation of the one-open-adventure index (driver errors carry the code themselves or in `cause`). */
function isOpenAdventureConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'character_adventures_one_open_idx')) return true;
  }
  return false;
}

/** The rules' start of `character` (name, level, ongoing adventure, equipped gear) and its 'adventure-start' line. */
function decideStart(
  character: { name: string; level: number; ongoing: { location: LocationId; endTime: Date } | null | undefined; equipped: readonly InventoryEntry[] },
  request: BeginAdventure,
) {
  const { ongoing } = character;
  const started = startAdventure(
    {
      name: character.name,
      level: character.level,
      busy: ongoing ? { location: ongoing.location, endsAt: ongoing.endTime.getTime() } : false,
      equipped: equippedGear(character.equipped),
    },
    { location: request.location, level: request.level },
    request.now.getTime(),
    request.timeScale,
  );
  // Issue 42: the land's conditions at setting out, which settle.ts weighs the fight with.
  const world = worldAt(started.startedAt, request.timeScale);
  const line = setOutLine({
    characterName: character.name,
    locationName: LOCATIONS[started.location].name,
    level: started.level,
    durationMs: started.durationMs,
    speedReductionPercent: started.speedReductionPercent,
    world,
    location: started.location,
  });
  return { started, line };
}

/**
 * Spec 02 §4-§5, §7: sends a character on an adventure. `character` must be locked
 * by the caller's transaction (getCharacterForUpdate). Refuses an invalid location
 * or level, a character already on one (the rules' text with the place and the
 * minutes left; the unique index catches a start that raced past the check), and
 * the level gate. The duration comes from the table, speed gear and RPG_TIME_SCALE.
 */
export async function beginAdventure(tx: Tx, character: CharacterRow, request: BeginAdventure): Promise<Begun> {
  const c = character.character;
  const ongoing = await openAdventure(tx, c.id);
  const { started, line } = decideStart({ name: c.name, level: c.level, ongoing, equipped: await listInventory(tx, c.id) }, request);
  let adventure: AdventureRow;
  try {
    adventure = await insertAdventure(tx, {
      characterId: c.id,
      location: started.location,
      level: started.level,
      startTime: new Date(started.startedAt),
      endTime: new Date(started.endsAt),
      originalMs: started.originalMs,
      speedReduction: started.speedReductionPercent,
      seed: secretSeed(),
    });
  } catch (error) {
    if (isOpenAdventureConflict(error)) throw alreadyOnAdventure();
    throw error;
  }
  const step = await markFirstStep(tx, c.userId, 'adventure', c.id);
  return { adventure, line, step };
}

/** A start as the route answers it: the adventure, its console line as stored, the character's name. */
export interface SetOut {
  begun: Begun;
  stored: ConsoleMessage[];
  name: string;
}

/** decideStart, or undefined when the rules refuse and `fallBack` (the caller goes through the transaction). */
function decideOrFallBack(...[character, request, fallBack]: [...Parameters<typeof decideStart>, boolean]): ReturnType<typeof decideStart> | undefined {
  try {
    return decideStart(character, request);
  } catch (error) {
    if (fallBack && isRuleError(error)) return undefined;
    throw error;
  }
}

/**
 * POST .../adventures (spec 02 §7): the player's due adventures are settled first, so the character
 * can set out again; then the start. Issue 45, point 3: two statements, no transaction, when the
 * player's first adventure is behind them (readStart, then writeStart: one statement that locks the
 * character, rechecks what the rules decided from, claims the request's key and writes the
 * adventure and its line). A first adventure (a first step, maybe paid), or a character changed
 * between the two, goes through the transaction (`beginAdventure`). Undefined: not the player's.
 */
export async function setOut(
  db: Db,
  settlement: Pick<AdventureSettlement, 'settleIds'>,
  userId: string,
  characterId: string,
  request: Omit<BeginAdventure, 'now'>,
): Promise<SetOut | undefined> {
  let read = await readStart(db, userId, characterId, new Date());
  if (read && read.due.length > 0) {
    await settlement.settleIds(read.due);
    read = await readStart(db, userId, characterId, new Date());
  }
  if (!read) return undefined;
  const now = new Date();
  const claim = statementClaim();
  // A refusal with an Idempotency-Key goes through the transaction, which claims the key before the
  // rules: a retry of a start that was made is answered as the first was, not refused as busy.
  const decided = completeFirstStep(read.steps, 'adventure') ? undefined : decideOrFallBack(read, { ...request, now }, claim.values.claimKey !== null);
  if (decided) {
    const { started, line } = decided;
    let written: StartWritten;
    try {
      written = await writeStart(
        db,
        {
          userId,
          id: characterId,
          name: read.name,
          level: read.level,
          equippedKey: read.equippedKey,
          location: started.location,
          adventureLevel: started.level,
          startTime: new Date(started.startedAt),
          endTime: new Date(started.endsAt),
          originalMs: started.originalMs,
          speedReduction: started.speedReductionPercent,
          seed: secretSeed(),
          line,
        },
        claim.values,
      );
    } catch (error) {
      if (isOpenAdventureConflict(error)) throw alreadyOnAdventure();
      throw error;
    }
    if (written.kind === 'written') {
      claim.ran(written.claimed);
      if (!written.adventure || !written.line) throw new Error('the adventure start wrote no adventure');
      return { begun: { adventure: written.adventure, line, step: null }, stored: [written.line], name: read.name };
    }
  }
  return transaction(db, async (tx) => {
    const row = await getCharacterForUpdate(tx, userId, characterId);
    if (!row) return undefined;
    const begun = await beginAdventure(tx, row, { ...request, now: new Date() });
    const stored = await writeConsoleLines(tx, characterId, [{ kind: 'adventure-start', content: begun.line }]);
    return { begun, stored, name: row.character.name };
  });
}
