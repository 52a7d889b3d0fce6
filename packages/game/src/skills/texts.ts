/** Spec 03 §8: the titles of the skill tree's toasts. */
export const SKILL_TOAST_TITLES = { unlocked: 'Skill Unlocked', reset: 'Skills Reset' } as const;
