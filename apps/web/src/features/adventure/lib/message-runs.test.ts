import type { ConsoleMessage } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { continuesRun } from './message-runs';

const line = (kind: string, at: string, sender = 'System'): ConsoleMessage => ({ id: 1, kind, sender, content: 'x', createdAt: at });

describe('consecutive lines of one kind share a header', () => {
  it('starts a block at the first line, on another kind or sender, and after a minute', () => {
    const first = line('adventure-return', '2030-01-01T00:00:00.000Z');
    expect(continuesRun(undefined, first)).toBe(false);
    expect(continuesRun(first, line('roll', '2030-01-01T00:00:01.000Z'))).toBe(false);
    expect(continuesRun(first, line('adventure-return', '2030-01-01T00:00:01.000Z', 'Aria'))).toBe(false);
    expect(continuesRun(first, line('adventure-return', '2030-01-01T00:01:00.000Z'))).toBe(false);
  });

  it('continues a block of the same kind and sender within a minute', () => {
    const first = line('adventure-return', '2030-01-01T00:00:00.000Z');
    expect(continuesRun(first, line('adventure-return', '2030-01-01T00:00:00.000Z'))).toBe(true);
    expect(continuesRun(first, line('adventure-return', '2030-01-01T00:00:59.000Z'))).toBe(true);
  });
});
