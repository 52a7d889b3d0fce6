import type { AchievementsView } from '@rpg/contract';
import {
  ACHIEVEMENTS,
  BATTLE_PASS_LEVELS,
  BATTLE_PASS_REWARDS,
  BATTLE_PASS_THRESHOLDS,
  achievementProgress,
  levelForPoints,
  pointsToNextLevel,
} from '@rpg/game';
import type { Db } from '../db/client.ts';
import { readAchievements } from '../db/queries/achievements.ts';

/**
 * GET /api/achievements: the catalogue with this player's state, the level and the battle pass,
 * from readAchievements (the progress, counters, unlocks and grants).
 */
export async function achievementsView(db: Db, userId: string): Promise<AchievementsView> {
  const read = await readAchievements(db, userId);
  return achievementsViewOf({
    totalPoints: read.totalPoints ?? 0,
    title: read.title,
    counters: Object.fromEntries(read.counters.map((c) => [c.key, c.value])),
    unlocked: new Map(read.unlocked.map((u) => [u.achievementId, u.unlockedAt.toISOString()])),
    granted: read.granted,
  });
}

/** What the achievements screen is built from. */
export interface AchievementsState {
  totalPoints: number;
  title: string | null;
  counters: Record<string, number>;
  /** Unlocked achievement ids and when (ISO text, as toISOString writes it). */
  unlocked: ReadonlyMap<string, string>;
  granted: readonly number[];
}

export function achievementsViewOf({ totalPoints, title, counters, unlocked, granted }: AchievementsState): AchievementsView {
  const unlockedIds = new Set(unlocked.keys());
  const level = levelForPoints(totalPoints);
  const grantedSet = new Set(granted);
  const achievements = ACHIEVEMENTS.map((a) => {
    const completedAt = unlocked.get(a.id);
    const secret = a.hidden && !completedAt;
    return {
      id: a.id,
      title: a.title,
      description: secret ? null : a.description,
      hint: secret ? (a.hint ?? null) : null,
      points: a.points,
      icon: a.icon,
      hidden: a.hidden,
      category: a.category,
      difficulty: a.difficulty,
      completed: Boolean(completedAt),
      completedAt: completedAt ?? null,
      progress: secret ? null : achievementProgress(a, counters, unlockedIds),
    };
  });
  const rewards = BATTLE_PASS_REWARDS.map((r) => {
    const state = grantedSet.has(r.level) ? ('claimed' as const) : totalPoints >= r.pointsRequired ? ('ready' as const) : ('locked' as const);
    return {
      id: r.id,
      level: r.level,
      itemName: r.itemName,
      itemDescription: r.itemDescription,
      itemType: r.itemType,
      itemRarity: r.itemRarity,
      pointsRequired: r.pointsRequired,
      state,
      pointsNeeded: Math.max(0, r.pointsRequired - totalPoints),
    };
  });
  return {
    totalPoints,
    level,
    maxLevel: BATTLE_PASS_LEVELS,
    pointsToNextLevel: pointsToNextLevel(totalPoints),
    levelStartPoints: level === 0 ? 0 : (BATTLE_PASS_THRESHOLDS[level - 1] as number),
    nextLevelPoints: level >= BATTLE_PASS_LEVELS ? null : (BATTLE_PASS_THRESHOLDS[level] as number),
    completed: unlocked.size,
    total: ACHIEVEMENTS.length,
    title: title ?? null,
    achievements,
    battlePass: { claimed: rewards.filter((r) => r.state === 'claimed').length, total: rewards.length, rewards },
  };
}
