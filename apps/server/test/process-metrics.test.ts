import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { registerProcessMetrics } from '../src/http/process-metrics.ts';

/** docs/decisions/running.md, "Metrics": the process's metrics, measured without listing its sockets. */
describe('the process metrics', () => {
  const register = new Registry();
  const stop = registerProcessMetrics(register);
  afterAll(() => stop());
  const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("give the event loop's longest delay since the last scrape, then start again", async () => {
    await register.metrics();
    // The monitor's first sample after a reset may start late: give it one.
    await new Promise((resolve) => setTimeout(resolve, 25));
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // The event loop is held for 80 ms.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const held = await register.metrics();
    expect(value(held, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.07);
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(value(await register.metrics(), 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.07);
  });

  it('count the CPU time, the memory and the garbage collections', async () => {
    // Garbage until a minor collection is seen (one may already have run, earlier in this file).
    const garbage: number[][][] = [];
    for (let i = 0; i < 200 && !(value(await register.metrics(), 'nodejs_gc_duration_seconds_count{kind="minor"}') > 0); i++) {
      garbage.push(Array.from({ length: 2000 }, (_, n) => [n, i]));
      if (garbage.length > 4) garbage.shift();
      await nextTurn();
    }
    const text = await register.metrics();
    expect(value(text, 'nodejs_gc_duration_seconds_count{kind="minor"}')).toBeGreaterThan(0);
    expect(value(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(1e6);
    expect(value(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_version_info\{version="v\d+\.\d+\.\d+",major="\d+",minor="\d+",patch="\d+"\} 1$/m);
    // No listing of open file descriptors or handles, whose cost grows with the open sockets.
    expect(text).not.toMatch(/process_open_fds|nodejs_active_handles/);
  });
});
