import { describe, expect, it } from 'vitest';
import { PLAY_TIME_EVERY_MS, playTimeCounter } from '../src/services/play-time.ts';

/** Spec 03 §3 (hidden-marathon): play time is counted from the sweep's sightings, once an interval per player. */
describe('the play time counter', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('counts a player seen every sweep once per interval, and again after it', async () => {
    let now = 0;
    const counts: string[] = [];
    // Both first counts at the interval's end (random 0): the first sightings count nothing.
    const seen = playTimeCounter(
      async (userId) => void counts.push(userId),
      () => now,
      () => 0,
    );
    for (let sweep = 0; sweep <= PLAY_TIME_EVERY_MS / 30_000; sweep++) {
      seen(['ann', 'bob']);
      await settle();
      expect(counts).toHaveLength(sweep < PLAY_TIME_EVERY_MS / 30_000 ? 0 : 2);
      now += 30_000;
    }
    expect(counts.sort()).toEqual(['ann', 'bob']);
    now += PLAY_TIME_EVERY_MS - 30_000;
    seen(['ann']);
    await settle();
    expect(counts.sort()).toEqual(['ann', 'ann', 'bob']);
  });

  it('spreads the first counts of players seen together over the interval (a restart brings everyone back at once)', async () => {
    let now = 0;
    const counts: string[] = [];
    const draws = [0.9, 0.5, 0.1];
    const seen = playTimeCounter(
      async (userId) => void counts.push(userId),
      () => now,
      () => draws.shift()!,
    );
    const firstCountAt = new Map<string, number>();
    for (let sweep = 0; sweep <= PLAY_TIME_EVERY_MS / 30_000; sweep++) {
      seen(['a', 'b', 'c']);
      await settle();
      for (const userId of counts) if (!firstCountAt.has(userId)) firstCountAt.set(userId, now);
      now += 30_000;
    }
    // Counted at the first sweep at least (1 - draw) of the interval after the first sighting.
    expect(Object.fromEntries(firstCountAt)).toEqual({ a: 30_000, b: 150_000, c: 270_000 });
  });

  it('runs at most two counts at once and counts a player waiting twice only once', async () => {
    const releases: Array<() => void> = [];
    const started: string[] = [];
    const seen = playTimeCounter(
      (userId) =>
        new Promise<void>((resolve) => {
          started.push(userId);
          releases.push(resolve);
        }),
      () => 0,
      () => 1,
    );
    // Seen first (random 1: due at once), then counted at the next sighting.
    seen(['a', 'b', 'c', 'd']);
    expect(started).toEqual([]);
    seen(['a', 'b', 'c', 'd']);
    seen(['c', 'd']);
    expect(started).toEqual(['a', 'b']);
    releases.shift()!();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });
});
