import { describe, expect, it } from 'vitest';
import { RealtimeHub } from '../src/realtime/hub.ts';

describe('the heartbeat (one slice of the tabs a second)', () => {
  /** A tab as the hub keeps it, with a socket that only counts pings and terminations. */
  const tab = (id: string, slice: number) => {
    const socket = { pings: 0, terminated: false, ping() { this.pings++; }, terminate() { this.terminated = true; } };
    return { id, slice, alive: true, socket };
  };

  it('pings every tab once per round, a slice of the tabs per tick, and drops a tab that missed its last ping', () => {
    const hub = new RealtimeHub({} as never, { publish: async () => undefined, subscribe: () => undefined, listening: () => true, close: async () => undefined }, { error: () => undefined, warn: () => undefined });
    const internals = hub as unknown as { clients: Map<string, ReturnType<typeof tab>>; heartbeat(slice: number): void };
    let slice = 0;
    const tabs = Array.from({ length: 90 }, (_, i) => tab(`t${i}`, i % 30));
    for (const t of tabs) internals.clients.set(t.id, t);
    // One tick: only the first slice (3 tabs of 90).
    internals.heartbeat(slice++ % 30);
    expect(tabs.filter((t) => t.socket.pings === 1).map((t) => t.id)).toEqual(['t0', 't30', 't60']);
    // The rest of the round: every tab pinged once, never twice.
    for (let i = 1; i < 30; i++) internals.heartbeat(slice++ % 30);
    expect(tabs.every((t) => t.socket.pings === 1)).toBe(true);
    // Tabs answer with a pong (alive again), except t30: its next ping finds it silent and drops it.
    for (const t of tabs) if (t.id !== 't30') t.alive = true;
    internals.heartbeat(slice++ % 30);
    expect(tabs.find((t) => t.id === 't30')!.socket.terminated).toBe(true);
    expect(tabs.filter((t) => t.socket.terminated)).toHaveLength(1);
    expect(tabs.find((t) => t.id === 't0')!.socket.pings).toBe(2);
  });
});
