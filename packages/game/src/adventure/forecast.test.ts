import { describe, expect, it } from 'vitest';
import { startingAttributes } from '../character/newCharacter.ts';
import { combatStatsOf } from '../combat/winChance.ts';
import { enemyFor } from '../content/enemies.ts';
import { createRng } from '../rng.ts';
import { completeAdventure } from './complete.ts';
import { adventureDuration } from './duration.ts';
import { adventureForecast } from './forecast.ts';

const attributes = startingAttributes('human', 'warrior');
const hero = { level: 10, xp: 0, characterClass: 'warrior' as const, attributes };
const enemy = enemyFor('desert', 2)!;
const durationMs = adventureDuration(2).durationMs;
const base = { location: 'desert' as const, level: 2, enemy, durationMs, stats: combatStatsOf(hero) };
const nightStorm = { weather: 'storm' as const, night: true, winChance: -0.13, rewardMultiplier: 1.15 };

describe("issue 42 point 6: the launcher's XP and copper per hour and win chance (adventureForecast)", () => {
  it('refuses a level outside 1..10 and a duration that is not positive', () => {
    expect(() => adventureForecast({ ...base, level: 11 })).toThrow('adventure level must be an integer 1..10, got 11');
    expect(() => adventureForecast({ ...base, durationMs: 0 })).toThrow('duration must be positive, got 0');
  });

  it('is what completeAdventure pays on average, per hour of the shown duration', () => {
    const forecast = adventureForecast(base);
    const runs = 4000;
    let xp = 0;
    let coins = 0;
    for (let i = 0; i < runs; i++) {
      const outcome = completeAdventure(hero, { location: 'desert', level: 2 }, createRng(`forecast:${i}`));
      xp += outcome.xpGained;
      coins += outcome.copperGained;
    }
    const perHour = 3_600_000 / durationMs;
    expect(forecast.winChance).toBe(completeAdventure(hero, { location: 'desert', level: 2 }, createRng(1)).winChance);
    expect(forecast.xpPerHour).toBeGreaterThan(0);
    expect(Math.abs((xp / runs) * perHour - forecast.xpPerHour) / forecast.xpPerHour).toBeLessThan(0.03);
    expect(Math.abs((coins / runs) * perHour - forecast.copperPerHour) / forecast.copperPerHour).toBeLessThan(0.03);
  });

  it("falls with the character's wounds and with a night storm; the night's richer hoards count", () => {
    const full = adventureForecast(base);
    const wounded = adventureForecast({
      ...base,
      stats: combatStatsOf({ ...hero, attributes: { ...attributes, currentHealth: Math.ceil(attributes.maxHealth / 2) } }),
    });
    expect(wounded.winChance).toBeLessThan(full.winChance);
    expect(wounded.xpPerHour).toBeLessThan(full.xpPerHour);
    const storm = adventureForecast({ ...base, conditions: nightStorm });
    expect(storm.winChance).toBeCloseTo(full.winChance - 0.13, 5);
    expect(Math.abs(storm.xpPerHour - storm.winChance * (full.xpPerHour / full.winChance) * 1.15)).toBeLessThanOrEqual(1);
  });

  it('takes the repairs from the copper, won or lost; a shorter adventure pays more per hour', () => {
    const plain = adventureForecast(base);
    const geared = adventureForecast({ ...base, equipped: [{ price: 60_000 }] });
    const perHour = 3_600_000 / durationMs;
    // 1% of 60,000 per hour of level 2's 20-minute base duration: 200 copper a run.
    expect(plain.copperPerHour - geared.copperPerHour).toBeCloseTo(200 * perHour, -1);
    const faster = adventureForecast({ ...base, durationMs: durationMs / 2 });
    expect(Math.abs(faster.xpPerHour - 2 * plain.xpPerHour)).toBeLessThanOrEqual(1);
  });
});
