import { describe, expect, it } from 'vitest';
import { completeAdventure } from '../adventure/complete.ts';
import { startingAttributes } from '../character/newCharacter.ts';
import { createRng } from '../rng.ts';
import { BIOMES } from '../types.ts';
import { conditionsEffect, conditionsLine, DAYLIGHT_SHARE, landConditions, NIGHT_REWARD_MULTIPLIER, WEATHER_SPELL_MS, worldAt, WORLD_DAY_MS } from './clock.ts';

const DAY_START = 1_800_000_000_000 - (1_800_000_000_000 % WORLD_DAY_MS);

describe('issue 42 living world: one clock and weather for everyone (spec 01 §1 day-night cycles and weather)', () => {
  it('is a pure function of the time: day for 62.5% of a 2-hour world day, then night', () => {
    const dawn = worldAt(DAY_START);
    expect(dawn).toMatchObject({ phase: 'day', hour: 6, phaseUntil: DAY_START + WORLD_DAY_MS * DAYLIGHT_SHARE });
    expect(worldAt(DAY_START)).toEqual(dawn);
    const night = worldAt(DAY_START + WORLD_DAY_MS * DAYLIGHT_SHARE);
    expect(night).toMatchObject({ phase: 'night', hour: 21, phaseUntil: DAY_START + WORLD_DAY_MS });
    expect(dawn.nextChangeAt).toBeLessThanOrEqual(dawn.phaseUntil);
  });

  it("gives each of the five lands a weather that holds for a spell, drawn from the land's own odds", () => {
    const seen = new Map<string, Set<string>>();
    for (let spell = 0; spell < 400; spell++) {
      const world = worldAt(DAY_START + spell * WEATHER_SPELL_MS);
      for (const id of BIOMES) {
        const land = world.lands[id];
        expect(land.weatherUntil).toBe(DAY_START + (spell + 1) * WEATHER_SPELL_MS);
        seen.set(id, (seen.get(id) ?? new Set()).add(land.weather));
      }
    }
    expect(seen.get('desert')!.has('snow')).toBe(false);
    expect(seen.get('ice')!.has('snow')).toBe(true);
    expect(seen.get('caves')).toEqual(new Set(['clear', 'fog']));
    expect(worldAt(DAY_START + 1).lands.forest.weather).toBe(worldAt(DAY_START + WEATHER_SPELL_MS - 1).lands.forest.weather);
  });

  it('night makes enemies bolder and hoards richer above ground; caves have no night', () => {
    const at = DAY_START + WORLD_DAY_MS - 1;
    expect(landConditions('forest', 'night', at)).toMatchObject({ night: true, rewardMultiplier: NIGHT_REWARD_MULTIPLIER });
    expect(landConditions('forest', 'night', at).winChance).toBeLessThanOrEqual(-0.05);
    expect(landConditions('caves', 'night', at)).toMatchObject({ night: false, rewardMultiplier: 1 });
    expect(conditionsLine(worldAt(at), 'caves')).toMatch(/^Caves: underground, (clear|fog)$/);
  });

  it("changes an adventure's outcome: the same fight and draw won by day in clear weather is lost at night in a storm", () => {
    const attributes = startingAttributes('human', 'warrior');
    const hero = { name: 'Brom', level: 1, xp: 0, characterClass: 'warrior' as const, attributes };
    const clear = { weather: 'clear' as const, winChance: 0, rewardMultiplier: 1, night: false };
    const storm = { weather: 'storm' as const, winChance: -0.13, rewardMultiplier: NIGHT_REWARD_MULTIPLIER, night: true };
    const chance = completeAdventure(hero, { location: 'volcano', level: 1, conditions: clear }, createRng(1)).winChance;
    // A fight draw just under the clear-weather chance: a win by day, a defeat in the night storm.
    const draw = chance - 0.05;
    const rng = () => ({
      ...createRng(2),
      next: (() => {
        let first = true;
        const r = createRng(3);
        return () => (first ? ((first = false), draw) : r.next());
      })(),
    });
    const byDay = completeAdventure(hero, { location: 'volcano', level: 1, conditions: clear }, rng());
    const atNight = completeAdventure(hero, { location: 'volcano', level: 1, conditions: storm }, rng());
    expect(byDay.won).toBe(true);
    expect(atNight.won).toBe(false);
    expect(atNight.winChance).toBeCloseTo(chance - 0.13, 5);
    expect(atNight.messages).toContain('Volcano by night, storm: win chance -13%, rewards +15%.');
    expect(atNight.messages[0]).toMatch(/^Defeat!/);
  });

  it('pays 15% more at night on a win', () => {
    const attributes = startingAttributes('human', 'warrior');
    const hero = { level: 1, xp: 0, characterClass: 'warrior' as const, attributes };
    const night = { weather: 'clear' as const, winChance: 0, rewardMultiplier: NIGHT_REWARD_MULTIPLIER, night: true };
    const win = (conditions?: typeof night) =>
      completeAdventure(hero, { location: 'forest', level: 1, ...(conditions ? { conditions } : {}) }, createRng('win'));
    expect(win(night).won).toBe(true);
    expect(win(night).xpGained).toBe(Math.round(win().xpGained * NIGHT_REWARD_MULTIPLIER));
  });

  it('runs RPG_TIME_SCALE times faster, as adventure durations do, and says every moment in real time', () => {
    expect(() => worldAt(DAY_START, 0)).toThrow('time scale must be positive, got 0');
    const scale = 20;
    const start = DAY_START / scale;
    const fast = worldAt(start, scale);
    // The same game moment as worldAt(DAY_START) at scale 1, its turns 20 times sooner.
    expect(fast).toMatchObject({ phase: 'day', hour: 6, phaseUntil: start + (WORLD_DAY_MS * DAYLIGHT_SHARE) / scale });
    expect(fast.lands.forest.weather).toBe(worldAt(DAY_START).lands.forest.weather);
    expect(fast.nextChangeAt).toBe(start + WEATHER_SPELL_MS / scale);
    // The world's hour turns every 5 minutes of game time (15 real seconds here).
    expect(fast.hourUntil).toBe(start + WORLD_DAY_MS / 24 / scale);
    expect(worldAt(fast.hourUntil, scale).hour).toBe(7);
    expect(worldAt(fast.hourUntil - 1, scale).hour).toBe(6);
    // At nextChangeAt the world has turned: some land's weather spell (or the phase) is a new one.
    const after = worldAt(fast.nextChangeAt, scale);
    expect(after.lands.forest.weatherUntil).toBe(start + (2 * WEATHER_SPELL_MS) / scale);
    expect(worldAt(fast.nextChangeAt - 1, scale).lands.forest.weatherUntil).toBe(fast.nextChangeAt);
  });

  it("says a land's effect in words for the launcher", () => {
    expect(conditionsEffect({ winChance: 0, rewardMultiplier: 1 })).toBe('no effect');
    expect(conditionsEffect({ winChance: -0.07, rewardMultiplier: NIGHT_REWARD_MULTIPLIER })).toBe('win chance -7%, rewards +15%');
    expect(conditionsEffect({ winChance: -0.04, rewardMultiplier: 1 })).toBe('win chance -4%');
  });
});
