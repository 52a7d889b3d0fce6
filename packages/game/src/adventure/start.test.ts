import { describe, expect, it } from 'vitest';
import { alreadyOnAdventureMessage, requiredPlayerLevel, startAdventure } from './start.ts';
import { ruleErrorOf as ruleError } from '../errors.testutil.ts';

const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);

describe('adventure start (spec 02 §5 Adventure start, §8 Adventure, §9 duration)', () => {
  it('refuses an invalid location', () => {
    const e = ruleError(() => startAdventure({ level: 50 }, { location: 'swamp', level: 1 }, NOW));
    expect(e.message).toBe('Invalid adventure location.');
    expect(e.code).toBe('invalid_location');
  });

  it('refuses a level that is not a whole number from 1 to 10', () => {
    for (const level of [0, 11, 2.5, Number.NaN, -1]) {
      expect(ruleError(() => startAdventure({ level: 50 }, { location: 'forest', level }, NOW)).message).toBe(
        'Adventure level must be a whole number from 1 to 10.',
      );
    }
  });

  it('refuses a character already on an adventure', () => {
    const plain = ruleError(() => startAdventure({ level: 5, busy: true }, { location: 'forest', level: 1 }, NOW));
    expect(plain.message).toBe('Character is already on an adventure.');
    expect(plain.title).toBe('Already on adventure');
    expect(plain.status).toBe(409);
    const detailed = ruleError(() =>
      startAdventure({ name: 'Aria', level: 5, busy: { location: 'ice', endsAt: NOW + 90_001 } }, { location: 'forest', level: 1 }, NOW),
    );
    expect(detailed.message).toBe('Aria is already on an adventure in the Ice Lands. They will return in approximately 2 minute(s).');
  });

  it('refuses a level above 1 below player level 5 x L, naming the location', () => {
    expect(ruleError(() => startAdventure({ level: 9 }, { location: 'Forest', level: 2 }, NOW)).title).toBe('Level Too Low');
    expect(ruleError(() => startAdventure({ level: 9 }, { location: 'Forest', level: 2 }, NOW)).message).toBe(
      'You must be at least player level 10 to start Forest adventure level 2. Reach higher level by adventuring more!',
    );
    expect(ruleError(() => startAdventure({ level: 49 }, { location: 'ice lands', level: 10 }, NOW)).message).toBe(
      'You must be at least player level 50 to start Ice Lands adventure level 10. Reach higher level by adventuring more!',
    );
  });

  it('needs player level 1 for level 1 and 5 x L above', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(requiredPlayerLevel)).toEqual([1, 10, 15, 20, 25, 30, 35, 40, 45, 50]);
  });

  it('starts at the gate exactly and ends after the table duration less speed gear, scaled', () => {
    expect(startAdventure({ level: 1 }, { location: 'forest', level: 1 }, NOW)).toEqual({
      location: 'forest',
      level: 1,
      startedAt: NOW,
      endsAt: NOW + 60_000,
      durationMs: 60_000,
      originalMs: 60_000,
      speedReductionPercent: 0,
    });
    const started = startAdventure(
      { level: 10, equipped: [{ stats: { speed: 3 } }, { stats: { defense: 2, speed: 2 } }] },
      { location: 'CAVES', level: 2 },
      NOW,
      10,
    );
    expect(started).toMatchObject({ location: 'caves', level: 2, durationMs: 108_000, endsAt: NOW + 108_000, speedReductionPercent: 10 });
  });

  it('words the busy message with at least 1 minute', () => {
    expect(alreadyOnAdventureMessage('Bo', { location: 'forest', endsAt: NOW - 5 }, NOW)).toBe(
      'Bo is already on an adventure in the Forest. They will return in approximately 1 minute(s).',
    );
  });
});
