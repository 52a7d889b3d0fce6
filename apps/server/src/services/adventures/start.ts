import { alreadyOnAdventure, LOCATIONS, setOutLine, startAdventure, worldAt } from '@rpg/game';
import type { Tx } from '../../db/client.ts';
import { insertAdventure, openAdventure, type AdventureRow } from '../../db/queries/adventures.ts';
import type { CharacterRow } from '../../db/queries/characters.ts';
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
  const equipped = equippedGear(await listInventory(tx, c.id));
  const started = startAdventure(
    { name: c.name, level: c.level, busy: ongoing ? { location: ongoing.location, endsAt: ongoing.endTime.getTime() } : false, equipped },
    { location: request.location, level: request.level },
    request.now.getTime(),
    request.timeScale,
  );
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
  // Issue 42: the land's conditions at setting out, which settle.ts weighs the fight with.
  const world = worldAt(started.startedAt, request.timeScale);
  const line = setOutLine({
    characterName: c.name,
    locationName: LOCATIONS[started.location].name,
    level: started.level,
    durationMs: started.durationMs,
    speedReductionPercent: started.speedReductionPercent,
    world,
    location: started.location,
  });
  const step = await markFirstStep(tx, c.userId, 'adventure', c.id);
  return { adventure, line, step };
}
