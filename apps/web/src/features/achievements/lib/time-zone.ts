/** The browser's own IANA time zone, read on this thread. */
export const zoneHere = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

/**
 * The browser's IANA time zone, read in a worker. The first date formatter of a page loads the
 * time-zone data: ~30 ms on this machine, ~120 ms on a throttled phone, which was the largest
 * single task of /game's first render after React's own (docs/performance.md, "The web"). In a
 * worker it costs the page nothing; without workers (or if one fails) it is read here.
 */
export function readTimeZone(): Promise<string | undefined> {
  if (typeof Worker === 'undefined') return Promise.resolve(zoneHere());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(zoneHere());
      return;
    }
    worker.onmessage = (event: MessageEvent<unknown>) => {
      worker.terminate();
      resolve(typeof event.data === 'string' && event.data ? event.data : zoneHere());
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(zoneHere());
    };
  });
}
