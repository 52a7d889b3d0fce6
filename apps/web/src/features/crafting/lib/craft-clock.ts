import type { CraftingView } from '@rpg/contract';

type ActiveCraft = NonNullable<CraftingView['active']>;

export interface CraftClock {
  /** 0..1 for the progress bar. */
  fraction: number;
  remainingMs: number;
  /** The end has come: time to ask the server, which settles the craft. */
  due: boolean;
}

/**
 * How far a craft is at `now`, counted from the server's `remainingMs` at the time of its answer
 * (`fetchedAt`, the browser's clock), so a browser clock set wrong does not move the end.
 */
export function craftClock(active: Pick<ActiveCraft, 'startedAt' | 'endsAt' | 'remainingMs'>, fetchedAt: number, now: number): CraftClock {
  const total = Date.parse(active.endsAt) - Date.parse(active.startedAt);
  const remainingMs = Math.max(0, active.remainingMs - Math.max(0, now - fetchedAt));
  const fraction = !(total > 0) ? 1 : Math.min(1, Math.max(0, (total - remainingMs) / total));
  return { fraction, remainingMs, due: remainingMs === 0 };
}

/** A time left or a duration as 'm:ss' ('h:mm:ss' from an hour), seconds rounded up. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export interface LevelBar {
  /** XP into the current level, and the XP the level spans (0 at the maximum level). */
  value: number;
  max: number;
  /** '12 / 20 XP' (totals), or 'Maximum level'. */
  text: string;
}

/** The crafting level's XP bar: from the level's threshold to the next one. */
export function levelBar(view: Pick<CraftingView, 'xp' | 'levelXp' | 'nextLevelXp'>): LevelBar {
  if (view.nextLevelXp === null) return { value: 1, max: 1, text: `${view.xp} XP · Maximum level` };
  return { value: view.xp - view.levelXp, max: view.nextLevelXp - view.levelXp, text: `${view.xp} / ${view.nextLevelXp} XP` };
}
