import type { AchievementView } from '@rpg/contract';

/** Spec 03 §2: the category filter's options, in order ('All Categories' first). */
export const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All Categories' },
  { value: 'combat', label: 'Combat' },
  { value: 'exploration', label: 'Exploration' },
  { value: 'social', label: 'Social' },
  { value: 'crafting', label: 'Crafting' },
  { value: 'collection', label: 'Collection' },
  { value: 'mastery', label: 'Mastery' },
  { value: 'special', label: 'Special' },
] as const;
export type CategoryFilter = (typeof CATEGORY_OPTIONS)[number]['value'];

/**
 * The list as filtered: a category (the 'hidden' category shows under All Categories only) and
 * Hide Completed, in catalogue order.
 */
export function filterAchievements(all: readonly AchievementView[], category: CategoryFilter, hideCompleted: boolean): AchievementView[] {
  return all.filter((a) => (category === 'all' || a.category === category) && !(hideCompleted && a.completed));
}

/** The summary's percentage, whole. */
export function percentComplete(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((completed / total) * 100);
}
