import { CHAT_HISTORY_SIZE } from '@rpg/game';
import type { ChatMessageView, ChatView } from '@rpg/contract';

/**
 * A line added to the cached chat: once (the push and the sender's answer both bring it), in id
 * order, the last 50 kept (spec 03 §9), and not at all when its author is on my mute list.
 */
export function withLine(view: ChatView | undefined, line: ChatMessageView): ChatView | undefined {
  if (!view) return view;
  if (line.userId && view.muted.some((m) => m.userId === line.userId)) return view;
  if (view.messages.some((m) => m.id === line.id)) return view;
  const messages = [...view.messages, line].sort((a, b) => a.id - b.id).slice(-CHAT_HISTORY_SIZE);
  return { ...view, messages };
}

/** The chat after muting (lines of the muted players leave at once) or unmuting (a refetch brings them back). */
export function withMuted(view: ChatView | undefined, muted: ChatView['muted']): ChatView | undefined {
  if (!view) return view;
  const ids = new Set(muted.map((m) => m.userId));
  return { muted, messages: view.messages.filter((m) => !m.userId || !ids.has(m.userId)) };
}
