import { describe, expect, it } from 'vitest';
import { heartbeat, HEARTBEAT_SLICES } from '../src/realtime/presence.ts';

describe('the heartbeat (one slice of the tabs a second)', () => {
  /** A tab as the hub keeps it, with a socket that only counts pings and terminations. */
  const tab = (id: string, slice: number) => {
    const socket = {
      pings: 0,
      terminated: false,
      ping() {
        this.pings++;
      },
      terminate() {
        this.terminated = true;
      },
    };
    return { id, slice, alive: true, socket };
  };

  it('pings every tab once per round, a slice of the tabs per tick, and drops a tab that missed its last ping', () => {
    expect(HEARTBEAT_SLICES).toBe(30);
    let slice = 0;
    const tabs = Array.from({ length: 90 }, (_, i) => tab(`t${i}`, i % 30));
    // One tick: only the first slice (3 tabs of 90).
    heartbeat(tabs, slice++ % 30);
    expect(tabs.filter((t) => t.socket.pings === 1).map((t) => t.id)).toEqual(['t0', 't30', 't60']);
    // The rest of the round: every tab pinged once, never twice.
    for (let i = 1; i < 30; i++) heartbeat(tabs, slice++ % 30);
    expect(tabs.every((t) => t.socket.pings === 1)).toBe(true);
    // Tabs answer with a pong (alive again), except t30: its next ping finds it silent and drops it.
    for (const t of tabs) if (t.id !== 't30') t.alive = true;
    heartbeat(tabs, slice++ % 30);
    expect(tabs.find((t) => t.id === 't30')!.socket.terminated).toBe(true);
    expect(tabs.filter((t) => t.socket.terminated)).toHaveLength(1);
    expect(tabs.find((t) => t.id === 't0')!.socket.pings).toBe(2);
  });
});
