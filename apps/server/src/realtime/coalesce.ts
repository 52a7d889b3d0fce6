/**
 * At most one delivery per key and window (issue 25: listing then cancelling, liking and unliking,
 * opening and closing sockets made every open tab refetch once per change). The first push of a
 * key goes at once; those that arrive in the following `windowMs` are held, and only the last of
 * them goes when the window ends (which opens a new window). So a burst costs each tab two
 * deliveries per key in its first window and one per window after, and the last state always
 * arrives, at most `windowMs` late.
 */
export class Coalescer {
  private readonly windows = new Map<string, { timer: NodeJS.Timeout; last?: () => void }>();

  constructor(private readonly windowMs: number) {}

  /** Runs `send` now, or (a window of `key` is open) as the window's last, replacing any held. */
  run(key: string, send: () => void): void {
    const open = this.windows.get(key);
    if (open) {
      open.last = send;
      return;
    }
    send();
    this.open(key);
  }

  private open(key: string): void {
    const window: { timer: NodeJS.Timeout; last?: () => void } = {
      timer: setTimeout(() => {
        this.windows.delete(key);
        if (window.last) this.run(key, window.last);
      }, this.windowMs),
    };
    window.timer.unref();
    this.windows.set(key, window);
  }

  /** Drops what is held (the process is closing). */
  close(): void {
    for (const { timer } of this.windows.values()) clearTimeout(timer);
    this.windows.clear();
  }
}
