import { LOCATIONS, type LocationId } from '../content/locations.ts';
import { createRng } from '../rng.ts';
import { BIOMES } from '../types.ts';

/**
 * Issue 42 "A living world" (spec 01 §1: "a dynamic world with weather and day-night
 * cycles"): one world clock and the weather of each land, the same for every player. Pure:
 * a function of the time (epoch ms) and the world's seed, so every server process and every
 * restart agree without storing anything. A world day lasts 2 hours of game time (day 75
 * minutes, night 45); each land's weather holds for a 30-minute spell, drawn per land and spell.
 * Game time runs RPG_TIME_SCALE times faster than real time, as adventure durations do: at time
 * scale 20 a world day lasts 6 real minutes and a spell 90 seconds. The world's game time is
 * the epoch ms times the scale; every moment it reports is real epoch ms.
 */
export const WORLD_DAY_MS = 2 * 60 * 60 * 1000;
/** One of the world day's 24 hours (5 minutes of game time). */
export const WORLD_HOUR_MS = WORLD_DAY_MS / 24;
/** The share of a world day that is daylight; night follows. */
export const DAYLIGHT_SHARE = 0.625;
export const WEATHER_SPELL_MS = 30 * 60 * 1000;
export const WORLD_SEED = 'rpg-world-1';

export type DayPhase = 'day' | 'night';
export const WEATHERS = ['clear', 'rain', 'fog', 'storm', 'heatwave', 'snow'] as const;
export type Weather = (typeof WEATHERS)[number];

/** What a land's weather is likely to be: weights per land (a desert has no snow). */
const WEATHER_ODDS: Readonly<Record<LocationId, Readonly<Partial<Record<Weather, number>>>>> = {
  forest: { clear: 5, rain: 3, fog: 2, storm: 1 },
  desert: { clear: 6, heatwave: 3, storm: 1 },
  ice: { clear: 4, snow: 4, fog: 1, storm: 1 },
  volcano: { clear: 5, heatwave: 3, fog: 2 },
  caves: { clear: 8, fog: 2 },
};

export const WEATHER_NAMES: Readonly<Record<Weather, string>> = {
  clear: 'Clear',
  rain: 'Rain',
  fog: 'Fog',
  storm: 'Storm',
  heatwave: 'Heatwave',
  snow: 'Snow',
};

/**
 * How the world changes an adventure (issue 42): a win-chance shift and a reward multiplier.
 * Night makes enemies bolder (-5 points) but their hoards richer (+15% XP and copper); a storm
 * costs 8 points, fog 4, a heatwave or snow 3, rain 2; caves are dark anyway, so night and
 * weather above ground change nothing there but the odds of fog.
 */
export const NIGHT_WIN_CHANCE = -0.05;
export const NIGHT_REWARD_MULTIPLIER = 1.15;
export const WEATHER_WIN_CHANCE: Readonly<Record<Weather, number>> = {
  clear: 0,
  rain: -0.02,
  fog: -0.04,
  storm: -0.08,
  heatwave: -0.03,
  snow: -0.03,
};

export interface LandConditions {
  location: LocationId;
  weather: Weather;
  /** When this land's weather turns next (real epoch ms in worldAt's answer). */
  weatherUntil: number;
  /** Added to the win chance of an adventure here now (before the clamp). */
  winChance: number;
  /** Multiplies the XP and copper won here now. */
  rewardMultiplier: number;
  /** Night above ground (caves never have one). */
  night: boolean;
}

export interface WorldState {
  /** The moment it describes (epoch ms). */
  at: number;
  phase: DayPhase;
  /** When day turns to night or back (epoch ms). */
  phaseUntil: number;
  /** The world's hour, 0..23 (a world day of 24 world hours, 5 minutes of game time each). */
  hour: number;
  /** When the world's hour turns next (it changes nothing in play: nextChangeAt does not count it). */
  hourUntil: number;
  lands: Record<LocationId, LandConditions>;
  /** The next moment anything turns: the phase or a land's weather. */
  nextChangeAt: number;
}

function weatherOf(location: LocationId, spell: number, seed: string): Weather {
  const odds = WEATHER_ODDS[location];
  const entries = WEATHERS.flatMap((w) => (odds[w] ? [[w, odds[w]] as const] : []));
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = createRng(`${seed}:${location}:${spell}`).next() * total;
  for (const [weather, weight] of entries) {
    roll -= weight;
    if (roll < 0) return weather;
  }
  return 'clear';
}

/**
 * The conditions of one land at game time `gameAt` (epoch ms x time scale), for a given phase;
 * `weatherUntil` is in the same game time.
 */
export function landConditions(location: LocationId, phase: DayPhase, gameAt: number, seed = WORLD_SEED): LandConditions {
  const spell = Math.floor(gameAt / WEATHER_SPELL_MS);
  const weather = weatherOf(location, spell, seed);
  const underground = location === 'caves';
  const night = phase === 'night' && !underground;
  return {
    location,
    weather,
    weatherUntil: (spell + 1) * WEATHER_SPELL_MS,
    winChance: Math.round(((night ? NIGHT_WIN_CHANCE : 0) + WEATHER_WIN_CHANCE[weather]) * 10_000) / 10_000,
    rewardMultiplier: night ? NIGHT_REWARD_MULTIPLIER : 1,
    night,
  };
}

/**
 * The world at `at` (real epoch ms) under RPG_TIME_SCALE `timeScale`: day or night, the hour,
 * every land's weather and effects. Every moment it returns (`phaseUntil`, `weatherUntil`,
 * `nextChangeAt`) is real epoch ms, rounded up so that the world has turned by then.
 */
export function worldAt(at: number, timeScale = 1, seed = WORLD_SEED): WorldState {
  if (!(timeScale > 0)) throw new RangeError(`time scale must be positive, got ${timeScale}`);
  const game = at * timeScale;
  const real = (gameMs: number) => Math.ceil(gameMs / timeScale);
  const dayStart = Math.floor(game / WORLD_DAY_MS) * WORLD_DAY_MS;
  const into = game - dayStart;
  const dusk = dayStart + Math.round(WORLD_DAY_MS * DAYLIGHT_SHARE);
  const phase: DayPhase = game < dusk ? 'day' : 'night';
  const phaseUntil = real(phase === 'day' ? dusk : dayStart + WORLD_DAY_MS);
  // Dawn at world hour 6: daylight spans hours 6..21, night 21..6.
  const hour = Math.floor((6 + (into / WORLD_DAY_MS) * 24) % 24);
  const hourUntil = real(dayStart + (Math.floor(into / WORLD_HOUR_MS) + 1) * WORLD_HOUR_MS);
  const lands = Object.fromEntries(
    BIOMES.map((id) => {
      const land = landConditions(id, phase, game, seed);
      return [id, { ...land, weatherUntil: real(land.weatherUntil) }];
    }),
  ) as Record<LocationId, LandConditions>;
  const nextChangeAt = Math.min(phaseUntil, ...BIOMES.map((id) => lands[id].weatherUntil));
  return { at, phase, phaseUntil, hour, hourUntil, lands, nextChangeAt };
}

/** The console's words for a land now: 'Forest: night, rain'. */
export function conditionsLine(world: WorldState, location: LocationId): string {
  const land = world.lands[location];
  const phase = location === 'caves' ? 'underground' : world.phase;
  return `${LOCATIONS[location].name}: ${phase}, ${WEATHER_NAMES[land.weather].toLowerCase()}`;
}

/**
 * Issue 42: what a land's conditions do to an adventure, in words: 'win chance -7%, rewards
 * +15%', or 'no effect' in clear daylight (the launcher; the return lines' conditionsMessage).
 */
export function conditionsEffect(conditions: Pick<LandConditions, 'winChance' | 'rewardMultiplier'>): string {
  const points = Math.round(conditions.winChance * 100);
  const bonus = Math.round((conditions.rewardMultiplier - 1) * 100);
  const effects = [points !== 0 ? `win chance ${points > 0 ? '+' : ''}${points}%` : '', bonus !== 0 ? `rewards ${bonus > 0 ? '+' : ''}${bonus}%` : ''].filter(
    Boolean,
  );
  return effects.length > 0 ? effects.join(', ') : 'no effect';
}
