/** The toast of an achievement reset (the player's own progress back to zero). */
export const ACHIEVEMENTS_RESET_TOAST = {
  title: 'Achievements Reset',
  description: 'Your achievement progress is back to zero. Rewards already granted stay in your inventory.',
} as const;
