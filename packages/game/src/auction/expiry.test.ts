import { describe, expect, it } from 'vitest';
import { AUCTION_LISTING_HOURS, hoursLeft, isListingExpired, listingExpiresAt } from './expiry.ts';

const HOUR = 3_600_000;

describe('auction listing duration (spec 03 §4/§9: 48 hours)', () => {
  it('ends 48 hours after it is made, sooner under RPG_TIME_SCALE', () => {
    expect(AUCTION_LISTING_HOURS).toBe(48);
    expect(listingExpiresAt(1_000)).toBe(1_000 + 48 * HOUR);
    expect(listingExpiresAt(0, 20)).toBe(2.4 * HOUR);
  });

  it('is expired from its end on, not before', () => {
    expect(isListingExpired(10_000, 9_999)).toBe(false);
    expect(isListingExpired(10_000, 10_000)).toBe(true);
    expect(isListingExpired(10_000, 10_001)).toBe(true);
  });

  it('shows the time left in whole hours, rounded up, 0 once over', () => {
    expect(hoursLeft(48 * HOUR, 0)).toBe(48);
    expect(hoursLeft(48 * HOUR, 1)).toBe(48);
    expect(hoursLeft(48 * HOUR, 47 * HOUR)).toBe(1);
    expect(hoursLeft(48 * HOUR, 48 * HOUR - 1)).toBe(1);
    expect(hoursLeft(48 * HOUR, 48 * HOUR)).toBe(0);
    expect(hoursLeft(48 * HOUR, 50 * HOUR)).toBe(0);
  });
});
