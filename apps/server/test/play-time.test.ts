import { describe, expect, it } from 'vitest';
import { PLAY_TIME_EVERY_MS, playTimeCounter } from '../src/services/play-time.ts';

/** Spec 03 §3 (hidden-marathon): play time is counted from the sweep's sightings, once an interval per player. */
describe('the play time counter', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('counts a player seen every sweep once per interval, and again after it', async () => {
    let now = 0;
    const counts: string[] = [];
    const seen = playTimeCounter(async (userId) => void counts.push(userId), () => now);
    for (let sweep = 0; sweep < PLAY_TIME_EVERY_MS / 30_000; sweep++) {
      seen(['ann', 'bob']);
      await settle();
      now += 30_000;
    }
    expect(counts.sort()).toEqual(['ann', 'bob']);
    seen(['ann']);
    await settle();
    expect(counts.sort()).toEqual(['ann', 'ann', 'bob']);
  });

  it('runs at most two counts at once and counts a player waiting twice only once', async () => {
    const releases: Array<() => void> = [];
    const started: string[] = [];
    const seen = playTimeCounter((userId) => new Promise<void>((resolve) => { started.push(userId); releases.push(resolve); }), () => 0);
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
