import { ADVENTURE_LEVELS, LOCATIONS, parseLocation, type LocationId } from '../content/locations.ts';
import { RuleError } from '../errors.ts';
import type { GearStats } from '../types.ts';
import { adventureDuration } from './duration.ts';

/** Spec 02 §5: adventure level L above 1 needs player level 5 x L. */
export const PLAYER_LEVELS_PER_ADVENTURE_LEVEL = 5;

/** The adventure a character is already on, when the caller knows it. */
export interface OngoingAdventure {
  location: LocationId;
  endsAt: number;
}

export interface AdventureStarter {
  /** Used in the "already on an adventure" text. */
  name?: string;
  level: number;
  /** True (or the running adventure) when an uncompleted adventure exists (spec 02 §4). */
  busy?: boolean | OngoingAdventure;
  /** Equipped gear; its speed stat shortens the adventure. */
  equipped?: readonly { stats: GearStats }[];
}

export interface AdventureRequest {
  /** As typed: an id or display name, any case. */
  location: string;
  level: number;
}

export interface StartedAdventure {
  location: LocationId;
  level: number;
  startedAt: number;
  endsAt: number;
  durationMs: number;
  /** Spec 02 §3 "Adventure state": originalDuration and speedReduction. */
  originalMs: number;
  speedReductionPercent: number;
}

/** Spec 02 §5: the level a player needs for an adventure level (1 for level 1). */
export function requiredPlayerLevel(adventureLevel: number): number {
  return adventureLevel > 1 ? PLAYER_LEVELS_PER_ADVENTURE_LEVEL * adventureLevel : 1;
}

/** Spec 02 §8: 'X is already on an adventure in the {place}. They will return in approximately N minute(s).' */
export function alreadyOnAdventureMessage(name: string, ongoing: OngoingAdventure, now: number): string {
  const minutes = Math.max(1, Math.ceil((ongoing.endsAt - now) / 60_000));
  return `${name} is already on an adventure in the ${LOCATIONS[ongoing.location].name}. They will return in approximately ${minutes} minute(s).`;
}

/**
 * Spec 02 §4-§5, §9: checks a start request and says when the adventure ends.
 * Checks in order: location, level, already busy, level gate. `timeScale` is
 * RPG_TIME_SCALE (DECISIONS §3). Throws a RuleError the player sees.
 */
/** Spec 02 §8 'Already on adventure' (the plain text when the ongoing adventure is not known). */
export function alreadyOnAdventure(message = 'Character is already on an adventure.'): RuleError {
  return new RuleError('already_on_adventure', message, { title: 'Already on adventure', status: 409 });
}

export function startAdventure(character: AdventureStarter, request: AdventureRequest, now: number, timeScale = 1): StartedAdventure {
  const location = parseLocation(request.location);
  if (!location) throw new RuleError('invalid_location', 'Invalid adventure location.');
  const { level } = request;
  if (!Number.isInteger(level) || level < 1 || level > ADVENTURE_LEVELS) {
    throw new RuleError('invalid_adventure_level', `Adventure level must be a whole number from 1 to ${ADVENTURE_LEVELS}.`);
  }
  if (character.busy) {
    const message =
      typeof character.busy === 'object' && character.name
        ? alreadyOnAdventureMessage(character.name, character.busy, now)
        : 'Character is already on an adventure.';
    throw alreadyOnAdventure(message);
  }
  const needed = requiredPlayerLevel(level);
  if (character.level < needed) {
    throw new RuleError(
      'adventure_level_locked',
      `You must be at least player level ${needed} to start ${LOCATIONS[location].name} adventure level ${level}. Reach higher level by adventuring more!`,
      { title: 'Level Too Low' },
    );
  }
  const duration = adventureDuration(level, character.equipped ?? [], timeScale);
  return {
    location,
    level,
    startedAt: now,
    endsAt: now + duration.durationMs,
    durationMs: duration.durationMs,
    originalMs: duration.originalMs,
    speedReductionPercent: duration.speedReductionPercent,
  };
}
