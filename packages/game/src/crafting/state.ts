import type { InventoryEntry } from '../types.ts';

/** The craft in progress (spec 02 §4 "Crafting"): timestamps in epoch ms (DECISIONS §3). */
export interface ActiveCraft {
  recipeId: string;
  startedAt: number;
  endsAt: number;
}

/** The part of a character the crafting rules read and change (spec 02 §3 "Character"). */
export interface CraftingState {
  craftingXp: number;
  /** Ids of non-common recipes learned from scrolls. */
  unlockedRecipes: readonly string[];
  inventory: readonly InventoryEntry[];
  activeCraft: ActiveCraft | null;
}

/** 'm:ss', the way the console shows a remaining time. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
