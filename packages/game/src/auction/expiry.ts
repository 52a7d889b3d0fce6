/** Spec 03 §9: a listing lasts 48 hours. */
export const AUCTION_LISTING_HOURS = 48;
const HOUR_MS = 3_600_000;

/**
 * When a listing made at `createdAtMs` ends. `timeScale` (RPG_TIME_SCALE, DECISIONS §3)
 * shortens it like every other timed rule; 1 in play.
 */
export function listingExpiresAt(createdAtMs: number, timeScale = 1): number {
  return createdAtMs + Math.round((AUCTION_LISTING_HOURS * HOUR_MS) / timeScale);
}

/** Spec 03 §4 + DECISIONS §2: a listing at or past its end is expired (its item goes back to the seller). */
export function isListingExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}

/** Spec 03 §2: the time left shown on a card, in whole hours (rounded up; 0 once expired). */
export function hoursLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / HOUR_MS));
}
