import { constants, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/**
 * The process's own metrics, under the names of prom-client's defaults: CPU, memory, the event
 * loop's delay (since the last scrape) and garbage collection. Not `collectDefaultMetrics`: on every
 * scrape it also lists the open file descriptors (a read of /proc/self/fd) and the active handles,
 * with the event loop held for a time that grows with the open WebSockets (30 ms at 2,500 tabs,
 * docs/decisions/running.md, "Metrics"). The sockets are counted by realtime_open_sockets instead.
 * Answers a function that stops the measuring (the server closes).
 */
export function registerProcessMetrics(register: Registry): () => void {
  const registers = [register];

  const counterOf = (name: string, help: string, read: () => number) => {
    let counted = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = read();
        this.inc(now - counted);
        counted = now;
      },
    });
  };
  counterOf('process_cpu_user_seconds_total', 'CPU time this process spent in user mode (s)', () => process.cpuUsage().user / 1e6);
  counterOf('process_cpu_system_seconds_total', 'CPU time this process spent in the kernel (s)', () => process.cpuUsage().system / 1e6);
  counterOf('process_cpu_seconds_total', 'CPU time this process spent, user and kernel (s)', () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  });
  new Gauge({ name: 'process_start_time_seconds', help: 'When this process started (Unix time, s)', registers }).set(
    Math.round(Date.now() / 1000 - process.uptime()),
  );

  const memory = (name: string, help: string, read: (m: NodeJS.MemoryUsage) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(process.memoryUsage()));
      },
    });
  memory('process_resident_memory_bytes', 'Memory this process holds in RAM (bytes)', (m) => m.rss);
  memory('nodejs_heap_size_total_bytes', 'The V8 heap reserved (bytes)', (m) => m.heapTotal);
  memory('nodejs_heap_size_used_bytes', 'The V8 heap in use (bytes)', (m) => m.heapUsed);
  memory('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript ones, buffers included (bytes)', (m) => m.external);

  // The event loop's delay since the last scrape: this gauge's collect sets the ones registered after it
  // (prom-client collects in the order of registration) and starts a new measurement.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'How long a turn of the event loop took when scraped (s)',
    registers,
    async collect() {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      delayGauges.min.set(seconds(delay.min));
      delayGauges.max.set(seconds(delay.max));
      delayGauges.mean.set(seconds(delay.mean));
      delayGauges.stddev.set(seconds(delay.stddev));
      delayGauges.p50.set(seconds(delay.percentile(50)));
      delayGauges.p90.set(seconds(delay.percentile(90)));
      delayGauges.p99.set(seconds(delay.percentile(99)));
      delay.reset();
      const start = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      this.set((performance.now() - start) / 1000);
    },
  });

  const loopGauge = (suffix: string, help: string) => new Gauge({ name: `nodejs_eventloop_lag_${suffix}seconds`, help, registers });
  const delayGauges = {
    min: loopGauge('min_', 'The shortest event-loop delay since the last scrape (s)'),
    max: loopGauge('max_', 'The longest event-loop delay since the last scrape (s)'),
    mean: loopGauge('mean_', 'The mean event-loop delay since the last scrape (s)'),
    stddev: loopGauge('stddev_', "The event-loop delays' standard deviation since the last scrape (s)"),
    p50: loopGauge('p50_', 'The median event-loop delay since the last scrape (s)'),
    p90: loopGauge('p90_', 'The 90th percentile of the event-loop delays since the last scrape (s)'),
    p99: loopGauge('p99_', 'The 99th percentile of the event-loop delays since the last scrape (s)'),
  };

  const gc = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Time of each garbage collection, by kind (minor, major, incremental, weakcb)',
    labelNames: ['kind'],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
    registers,
  });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1];
      if (kind) gc.observe({ kind }, entry.duration / 1000);
    }
  });
  observer.observe({ entryTypes: ['gc'] });

  new Gauge({
    name: 'nodejs_version_info',
    help: 'The Node.js version this process runs (always 1)',
    labelNames: ['version', 'major', 'minor', 'patch'],
    registers,
  }).set(
    { version: process.version, ...Object.fromEntries(['major', 'minor', 'patch'].map((part, i) => [part, process.versions.node.split('.')[i] ?? ''])) },
    1,
  );

  return () => {
    observer.disconnect();
    delay.disable();
  };
}
