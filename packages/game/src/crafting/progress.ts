import type { ActiveCraft } from './state.ts';

export interface CraftProgress {
  /** 0..1 for the drawer's progress bar. */
  fraction: number;
  remainingMs: number;
  finished: boolean;
}

/** Spec 02 §2/§4: how far a craft is at `now` (epoch ms). */
export function craftProgress(craft: ActiveCraft, now: number): CraftProgress {
  const total = craft.endsAt - craft.startedAt;
  const remainingMs = Math.max(0, craft.endsAt - now);
  const fraction = total <= 0 ? 1 : Math.min(1, Math.max(0, (now - craft.startedAt) / total));
  return { fraction, remainingMs, finished: remainingMs === 0 };
}
