import { describe, expect, it } from 'vitest';
import { craftProgress } from './progress.ts';

describe('spec 02 §2 crafting drawer: the progress bar', () => {
  const craft = { recipeId: 'bread', startedAt: 1_000, endsAt: 181_000 };

  it('runs from 0 to 1 between start and end', () => {
    expect(craftProgress(craft, 0)).toEqual({ fraction: 0, remainingMs: 181_000, finished: false });
    expect(craftProgress(craft, 91_000)).toEqual({ fraction: 0.5, remainingMs: 90_000, finished: false });
    expect(craftProgress(craft, 181_000)).toEqual({ fraction: 1, remainingMs: 0, finished: true });
    expect(craftProgress(craft, 999_999)).toEqual({ fraction: 1, remainingMs: 0, finished: true });
  });
});
