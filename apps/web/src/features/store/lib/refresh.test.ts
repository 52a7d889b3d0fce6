import { describe, expect, it } from 'vitest';
import { createOnce, newRefresh } from './refresh';

const push = (nextRefresh: string) => ({ type: 'store-refreshed', windowStart: '2025-01-01T04:00:00.000Z', nextRefresh });

describe("'Store Refreshed!' once per refresh (spec 03 section 4)", () => {
  it('ignores other messages and malformed pushes', () => {
    const once = createOnce();
    expect(newRefresh({ type: 'invalidate', queryKeys: [] }, once)).toBeNull();
    expect(newRefresh({ type: 'store-refreshed' }, once)).toBeNull();
    expect(newRefresh('store-refreshed', once)).toBeNull();
  });

  it('announces a refresh once, however many processes send it', () => {
    const once = createOnce();
    expect(newRefresh(push('2025-01-01T08:00:00.000Z'), once)).toBe('2025-01-01T08:00:00.000Z');
    expect(newRefresh(push('2025-01-01T08:00:00.000Z'), once)).toBeNull();
    expect(newRefresh(push('2025-01-01T12:00:00.000Z'), once)).toBe('2025-01-01T12:00:00.000Z');
  });
});
