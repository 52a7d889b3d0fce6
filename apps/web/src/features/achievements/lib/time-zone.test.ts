import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTimeZone, zoneHere } from './time-zone';

/** A stand-in for the browser's Worker: answers `reply` (or fails) once started. */
function fakeWorker(reply: { data?: unknown; fail?: boolean }) {
  const started: string[] = [];
  let terminated = 0;
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(url: URL) {
      started.push(String(url));
      queueMicrotask(() => (reply.fail ? this.onerror?.() : this.onmessage?.({ data: reply.data })));
    }
    terminate() {
      terminated++;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return { started, terminated: () => terminated };
}

describe("readTimeZone (DECISIONS §4: the player's own 3 AM; read off the page's thread)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("answers the worker's zone and ends the worker", async () => {
    const worker = fakeWorker({ data: 'Pacific/Auckland' });
    expect(await readTimeZone()).toBe('Pacific/Auckland');
    expect(worker.started[0]).toContain('time-zone.worker');
    expect(worker.terminated()).toBe(1);
  });

  it('reads the zone on this thread when the worker fails or answers nothing usable', async () => {
    fakeWorker({ fail: true });
    expect(await readTimeZone()).toBe(zoneHere());
    fakeWorker({ data: 42 });
    expect(await readTimeZone()).toBe(zoneHere());
  });

  it('reads the zone on this thread where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await readTimeZone()).toBe(zoneHere());
    expect(zoneHere()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
