import { outsideRequests } from '../http/request-log.ts';

/**
 * Wakes at the next due time of anything timed (adventures, crafts) and settles
 * what is due. Each settler settles a row exactly once, in its own transaction
 * (a conditional `completed = false` update under FOR UPDATE SKIP LOCKED), so
 * several processes, a read that settles first, and a restart all agree.
 */
export interface Settler {
  name: string;
  /** The earliest unsettled due time, or null. */
  nextDue(): Promise<Date | null>;
  /** Settle everything due at `now`; returns how many were settled. */
  settleDue(now: Date): Promise<number>;
}

/** Re-check at least this often (another process may have scheduled something). */
const MAX_SLEEP_MS = 30_000;

export class Scheduler {
  private readonly settlers: Settler[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private wakeAt = Infinity;
  /** The tick in progress, so stopping can wait for it (the database closes after). */
  private current: Promise<void> | undefined;
  /** The earliest time poked since the current tick began (a poke during a tick is not lost). */
  private poked = Infinity;

  constructor(private readonly log: { error(o: object, m?: string): void }) {}

  register(settler: Settler): void {
    this.settlers.push(settler);
  }

  start(): void {
    this.stopped = false;
    void this.tick();
  }

  /** Stops waking up; resolves once a tick in progress has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  /** Something new is due at `at` (a route just started it): wake then if that is sooner. */
  poke(at: Date): void {
    if (this.stopped) return;
    this.poked = Math.min(this.poked, at.getTime());
    if (this.running || at.getTime() >= this.wakeAt) return;
    this.arm(Math.max(0, at.getTime() - Date.now()));
  }

  private arm(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    const delay = Math.min(MAX_SLEEP_MS, Math.max(0, delayMs));
    this.wakeAt = Date.now() + delay;
    // Armed while serving a request (a poke), it still wakes outside it (its lines carry no reqId).
    this.timer = setTimeout(() => outsideRequests(() => void this.tick()), delay);
    this.timer.unref();
  }

  /** How late the last timed wake-up came after the time it was set for (ms; metrics). */
  get lagMs(): number {
    return this.lastLagMs;
  }
  private lastLagMs = 0;

  private tick(): Promise<void> {
    if (this.stopped || this.running) return Promise.resolve();
    if (Number.isFinite(this.wakeAt)) this.lastLagMs = Math.max(0, Date.now() - this.wakeAt);
    this.current = this.settleAll();
    return this.current;
  }

  private async settleAll(): Promise<void> {
    this.running = true;
    this.poked = Infinity;
    let next = Infinity;
    try {
      for (const settler of this.settlers) {
        if (this.stopped) break;
        try {
          await settler.settleDue(new Date());
          const due = await settler.nextDue();
          if (due) next = Math.min(next, due.getTime());
        } catch (error) {
          this.log.error({ err: error, settler: settler.name }, 'settling failed');
        }
      }
    } finally {
      this.running = false;
    }
    next = Math.min(next, this.poked);
    if (!this.stopped) this.arm(next === Infinity ? MAX_SLEEP_MS : next - Date.now() + 5);
  }
}
