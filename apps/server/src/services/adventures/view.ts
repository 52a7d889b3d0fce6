import type { AdventureOutcomeView, AdventureStateResponse } from '@rpg/contract';
import {
  adventureDuration,
  adventureForecast,
  ADVENTURE_LEVELS,
  BASE_DURATION_MINUTES,
  BIOMES,
  combatStatsOf,
  enemyFor,
  LOCATIONS,
  requiredPlayerLevel,
  worldAt,
  type GearItem,
  type SkillBonuses,
} from '@rpg/game';
import type { AdventureRead, AdventureRow } from '../../db/queries/adventures.ts';
import { attributesOf, type CharacterRow } from '../../db/queries/characters.ts';
import { skillBonusesFrom } from '../skills.ts';
import type { StoredOutcome } from './settle.ts';
import { toAdventureView } from './shared.ts';

/** What the launcher reads of a character. */
export interface LauncherCharacter {
  character: Pick<CharacterRow['character'], 'characterClass' | 'level' | 'spellEffects'>;
  attributes: Parameters<typeof attributesOf>[0];
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Spec 02 §2 launcher, DECISIONS §2: five locations with levels 1-10, each with the
 * table's duration after speed gear and RPG_TIME_SCALE, the level gate and, if it set out
 * at `now` (issue 42, adventureForecast): the win chance (attributes, gear, pending spells,
 * unlocked skills, current health and the land's conditions in the world at `now`, as
 * settle.ts weighs it) and the expected XP and copper per hour.
 */
export function launcherFor(
  row: LauncherCharacter,
  equipped: readonly GearItem[],
  timeScale: number,
  now: number,
  skills?: SkillBonuses,
): AdventureStateResponse['launcher'] {
  const c = row.character;
  const stats = combatStatsOf({ characterClass: c.characterClass, attributes: attributesOf(row.attributes), equipped, effects: c.spellEffects, skills });
  const world = worldAt(now, timeScale);
  const levels = Array.from({ length: ADVENTURE_LEVELS }, (_, i) => i + 1);
  return {
    locations: BIOMES.map((id) => ({
      id,
      name: LOCATIONS[id].name,
      levels: levels.map((level) => {
        const enemy = enemyFor(id, level);
        if (!enemy) throw new Error(`no enemy for ${id} ${level}`);
        const requiredLevel = requiredPlayerLevel(level);
        const { durationMs } = adventureDuration(level, equipped, timeScale);
        const forecast = adventureForecast({ location: id, level, enemy, stats, durationMs, equipped, conditions: world.lands[id] });
        return {
          level,
          durationMs,
          baseMinutes: BASE_DURATION_MINUTES[level - 1] ?? 0,
          requiredLevel,
          locked: c.level < requiredLevel,
          winChance: round4(forecast.winChance),
          xpPerHour: forecast.xpPerHour,
          copperPerHour: forecast.copperPerHour,
          enemy: { name: enemy.name, hp: enemy.hp, attack: enemy.attack },
        };
      }),
    })),
  };
}

/** A settled adventure's stored outcome as the API shows it; undefined for one that ended in an error. */
export function toOutcomeView(row: Pick<AdventureRow, 'id' | 'location' | 'level' | 'outcome' | 'completedAt'>): AdventureOutcomeView | undefined {
  const outcome = row.outcome as Partial<StoredOutcome> | null;
  if (!outcome || typeof outcome.won !== 'boolean' || !row.completedAt) return undefined;
  const o = outcome as StoredOutcome;
  return {
    adventureId: row.id,
    location: row.location,
    level: row.level,
    won: o.won,
    title: o.title,
    message: o.messages.join(' '),
    messages: o.messages,
    enemy: o.enemy,
    winChance: o.winChance,
    xpGained: o.xpGained,
    copperGained: o.copperGained,
    healthLost: o.healthLost,
    manaRestored: o.manaRestored,
    levelsGained: o.levelsGained,
    items: o.items,
    leftBehind: o.leftBehind,
    completedAt: row.completedAt.toISOString(),
  };
}

/** GET /api/characters/:id/adventure: the running adventure, the last outcome and the launcher. */
export function adventureState(read: AdventureRead, timeScale: number, now = Date.now()): AdventureStateResponse {
  const { character, current, last } = read;
  const lastOutcome = last ? toOutcomeView(last) : undefined;
  // The equipped entries' gear (equippedGear), in the inventory's order.
  const equipped = read.equipped.filter((item): item is GearItem => item.kind === 'gear');
  return {
    current: current ? toAdventureView(current, character.name) : null,
    ...(lastOutcome ? { lastOutcome } : {}),
    launcher: launcherFor(read, equipped, timeScale, now, skillBonusesFrom(character.characterClass, read.skills)),
  };
}
