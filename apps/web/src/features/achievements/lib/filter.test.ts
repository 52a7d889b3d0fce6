import type { AchievementView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { filterAchievements, percentComplete } from './filter';

const a = (id: string, category: AchievementView['category'], completed: boolean): AchievementView => ({
  id,
  title: id,
  description: id,
  hint: null,
  points: 5,
  icon: 'x',
  hidden: false,
  category,
  difficulty: 'easy',
  completed,
  completedAt: null,
  progress: null,
});

describe('spec 03 §2 achievements filters', () => {
  const all = [a('one', 'combat', true), a('two', 'combat', false), a('three', 'social', false), a('four', 'hidden', false)];
  it('filters by category and hides completed ones', () => {
    expect(filterAchievements(all, 'all', false).map((x) => x.id)).toEqual(['one', 'two', 'three', 'four']);
    expect(filterAchievements(all, 'combat', false).map((x) => x.id)).toEqual(['one', 'two']);
    expect(filterAchievements(all, 'combat', true).map((x) => x.id)).toEqual(['two']);
    expect(filterAchievements([a('one', 'combat', true)], 'combat', true)).toEqual([]);
  });
  it('rounds the percentage down', () => {
    expect(percentComplete(1, 56)).toBe(1);
    expect(percentComplete(0, 0)).toBe(0);
    expect(percentComplete(56, 56)).toBe(100);
  });
});
