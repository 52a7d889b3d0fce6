import { describe, expect, it } from 'vitest';
import { ApiError, retryAfterSeconds } from '@/lib/api';
import { consoleRefusal, DEFAULT_RETRY_MS, isUnshownSendFailure, retryText } from './refusal';

const SLOW = 'Too many requests. Please slow down and try again in a moment.';

describe("the console's refusal line (issue 27 point 1)", () => {
  it('reads Retry-After as seconds or as a date, and nothing else', () => {
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 1_000)).toBe(9);
  });

  it("waits the server's Retry-After, else a few seconds", () => {
    expect(consoleRefusal(new ApiError(429, 'rate_limited', SLOW, undefined, 7), 1_000)).toEqual({ message: SLOW, retryAt: 8_000 });
    expect(consoleRefusal(new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.'), 0).retryAt).toBe(DEFAULT_RETRY_MS);
    expect(consoleRefusal(new TypeError('Failed to fetch'), 0)).toEqual({ message: 'The game server could not be reached.', retryAt: DEFAULT_RETRY_MS });
  });

  it('says when, counting down to the retry', () => {
    expect(retryText(5_000, 1_100, 'read')).toBe('Updates resume in 4 s.');
    expect(retryText(5_000, 5_000, 'read')).toBe('Updating again…');
    expect(retryText(5_000, 0, 'send')).toBe('You can send again in 5 s.');
  });

  it('leaves a rule refusal of a send to its own toast or console line', () => {
    expect(isUnshownSendFailure(new ApiError(400, 'level_too_low', 'You must be at least player level 10.'))).toBe(false);
    expect(isUnshownSendFailure(new ApiError(429, 'rate_limited', SLOW))).toBe(true);
    expect(isUnshownSendFailure(new TypeError('Failed to fetch'))).toBe(true);
  });
});
