import { ACHIEVEMENTS, type Achievement } from '../content/achievements.ts';
import type { Counters } from './counters.ts';

/** How far an achievement is: `current` of `target` (capped), with the unit of its counter. */
export interface AchievementProgress {
  current: number;
  target: number;
  unit: string;
}

const VISIBLE = ACHIEVEMENTS.filter((a) => !a.hidden && a.trigger.kind !== 'all-visible');

/** Spec 03 §2 "progress counters": the progress of one achievement from the counters and what is unlocked. */
export function achievementProgress(achievement: Achievement, counters: Counters, unlocked: ReadonlySet<string>): AchievementProgress {
  const { trigger } = achievement;
  if (trigger.kind === 'counter') {
    return { current: Math.min(counters[trigger.counter] ?? 0, trigger.target), target: trigger.target, unit: trigger.unit };
  }
  if (trigger.kind === 'distinct') {
    const found = Object.entries(counters).filter(([key, value]) => key.startsWith(trigger.prefix) && value > 0).length;
    return { current: Math.min(found, trigger.target), target: trigger.target, unit: trigger.unit };
  }
  return { current: VISIBLE.filter((a) => unlocked.has(a.id)).length, target: VISIBLE.length, unit: 'achievements' };
}

/**
 * Spec 03 §4: the achievements the counters now reach that are not unlocked yet (an
 * already-completed one is ignored). special-100-percent is checked last, so the unlock
 * that completes the set unlocks it in the same pass.
 */
export function newlyUnlocked(counters: Counters, unlocked: ReadonlySet<string>): Achievement[] {
  const found: Achievement[] = [];
  const seen = new Set(unlocked);
  const ordered = [...ACHIEVEMENTS.filter((a) => a.trigger.kind !== 'all-visible'), ...ACHIEVEMENTS.filter((a) => a.trigger.kind === 'all-visible')];
  for (const achievement of ordered) {
    if (seen.has(achievement.id)) continue;
    const { current, target } = achievementProgress(achievement, counters, seen);
    if (current >= target) {
      found.push(achievement);
      seen.add(achievement.id);
    }
  }
  return found;
}
