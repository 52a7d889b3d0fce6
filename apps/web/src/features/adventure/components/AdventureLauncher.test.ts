import { describe, expect, it } from 'vitest';
import { levelLabel, perHourCoins, perHourText } from './AdventureLauncher';

const level = {
  level: 2,
  durationMs: 60_000,
  baseMinutes: 20,
  requiredLevel: 10,
  locked: false,
  winChance: 0.62,
  xpPerHour: 3120,
  copperPerHour: 72_020,
  enemy: { name: 'Sand Viper', hp: 30, attack: 8 },
};

describe("issue 42 point 6: the launcher's per-hour figures, as the server computed them", () => {
  it('writes a loss when the repairs cost more than the expected reward', () => {
    expect(perHourCoins(-320)).toBe('-3s 20c');
    expect(perHourCoins(0)).toBe('0c');
  });

  it('shows XP and copper per hour on the row and in its accessible name', () => {
    expect(perHourText(level)).toBe('3,120 XP/h · 7g 20s 20c/h');
    expect(levelLabel(level)).toBe('Level 2, 1:00, requires level 10, 62% win chance against Sand Viper, about 3,120 XP and 7g 20s 20c per hour');
  });
});
