/** Spec 03 section 2: 'Refreshing soon' when about 5 minutes or fewer remain. */
export const REFRESHING_SOON_MS = 5 * 60 * 1000;

/** Milliseconds from `now` to the ISO time `target`, never below 0 (0 for an unreadable time). */
export function remainingMs(target: string, now: number): number {
  const at = Date.parse(target);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

const two = (value: number) => String(value).padStart(2, '0');

/** 'hh:mm:ss', counting whole seconds up, so 00:00:00 shows only when the time has come. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${two(hours)}:${two(minutes)}:${two(total % 60)}`;
}

export function isRefreshingSoon(ms: number): boolean {
  return ms <= REFRESHING_SOON_MS;
}
