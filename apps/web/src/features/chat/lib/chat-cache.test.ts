import type { ChatMessageView, ChatView } from '@rpg/contract';
import { describe, expect, it } from 'vitest';
import { withLine, withMuted } from './chat-cache';

const line = (id: number, userId: string | null = 'u1'): ChatMessageView => ({
  id,
  kind: userId ? 'player' : 'system',
  userId,
  username: userId,
  character: { id: null, name: 'Aria', race: 'elf', characterClass: 'mage', level: 1, portraitUrl: null, appearance: null },
  title: null,
  text: `line ${id}`,
  createdAt: new Date(0).toISOString(),
});

describe('chat cache (spec 03 §9: the last 50; DECISIONS §4: mute list)', () => {
  it('adds a pushed line once, in id order, keeping the last 50', () => {
    const view: ChatView = { messages: Array.from({ length: 50 }, (_, i) => line(i + 1)), muted: [] };
    const next = withLine(view, line(51))!;
    expect(next.messages).toHaveLength(50);
    expect(next.messages[0]!.id).toBe(2);
    expect(next.messages.at(-1)!.id).toBe(51);
    expect(withLine(next, line(51))).toBe(next);
  });

  it('drops lines of muted players, keeps the Game Master', () => {
    const view: ChatView = { messages: [line(1, null), line(2, 'loud'), line(3, 'u1')], muted: [] };
    const muted = withMuted(view, [{ userId: 'loud', username: 'loud' }])!;
    expect(muted.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(withLine(muted, line(4, 'loud'))).toBe(muted);
    expect(withLine(undefined, line(4))).toBeUndefined();
  });
});
