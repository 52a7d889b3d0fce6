import type { ChatMessageView } from '@rpg/contract';
import { MessagesSquare, Volume2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { useChatQuery } from '../api/get-chat';
import { useSetMuted } from '../api/mute-player';
import { useReportChatLine } from '../api/report-chat';
import { useSendChat } from '../api/send-chat';
import { useMyUserId } from '../hooks/useMyUserId';
import { ChatInput } from './ChatInput';
import { ChatLine } from './ChatLine';

/** How close to the bottom (px) still counts as "reading the newest lines": new lines scroll into view. */
const STICK_TO_BOTTOM_PX = 80;

/**
 * Spec 03 §2 "Global player chat": the last 50 lines of every player, live (the 'chat-message'
 * broadcast lands in the query cache), with the speaker's character; the emoji picker; report
 * and a personal mute list (DECISIONS §4).
 */
export function GlobalChat({ className }: { className?: string }) {
  const chat = useChatQuery();
  const send = useSendChat();
  const report = useReportChatLine();
  const mute = useSetMuted();
  const me = useMyUserId();
  const [showMuted, setShowMuted] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const messages = chat.data?.messages ?? [];
  const muted = chat.data?.muted ?? [];
  const newest = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const list = log.current;
    if (list && stick.current) list.scrollTop = list.scrollHeight;
  }, [newest, chat.isPending]);

  const onScroll = () => {
    const list = log.current;
    if (list) stick.current = list.scrollHeight - list.scrollTop - list.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const onSend = async (text: string) => {
    stick.current = true;
    try {
      await send.mutateAsync(text);
      return true;
    } catch {
      return false;
    }
  };
  const nameOf = (line: ChatMessageView) => line.username ?? line.character.name;

  return (
    <section
      aria-labelledby="global-chat-title"
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border border-gold-700/40 bg-ink-850/90 shadow-[0_10px_40px_-12px_rgb(0_0_0/0.8)] backdrop-blur-sm',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gold-700/30 px-4 py-3">
        <h2 id="global-chat-title" className="flex items-center gap-2 font-display text-lg font-semibold text-gold-300">
          <MessagesSquare className="size-5" aria-hidden="true" />
          Global Chat
        </h2>
        {muted.length > 0 ? (
          <button
            type="button"
            aria-expanded={showMuted}
            onClick={() => setShowMuted((v) => !v)}
            className="rounded px-2 py-1 text-xs text-parchment-300 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-gold-300"
          >
            Muted players ({muted.length})
          </button>
        ) : null}
      </div>
      {showMuted && muted.length > 0 ? (
        <ul aria-label="Muted players" className="flex flex-wrap gap-2 border-b border-gold-700/20 bg-ink-900/60 px-4 py-2">
          {muted.map((m) => (
            <li key={m.userId} className="flex items-center gap-1 rounded-full border border-ink-600 py-0.5 pr-1 pl-3 text-xs text-parchment-200">
              {m.username}
              <button
                type="button"
                onClick={() => mute.mutate({ userId: m.userId, name: m.username, muted: false })}
                aria-label={`Unmute ${m.username}`}
                className="rounded-full p-1 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-gold-300"
              >
                <Volume2 className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {chat.isPending ? (
        <div className="flex h-80 items-center justify-center sm:h-96">
          <Spinner label="Loading the chat" />
        </div>
      ) : chat.isError ? (
        <LoadErrorAlert title="The chat could not be loaded." onRetry={() => void chat.refetch()} className="m-4" />
      ) : (
        <ol
          ref={log}
          onScroll={onScroll}
          role="log"
          aria-live="polite"
          aria-label="Global chat messages"
          className="h-80 space-y-1 overflow-y-auto p-2 sm:h-96"
        >
          {messages.length === 0 ? <li className="p-4 text-center text-sm text-parchment-300">No messages yet. Say hello!</li> : null}
          {messages.map((line) => (
            <ChatLine
              key={line.id}
              line={line}
              mine={line.userId !== null && line.userId === me}
              onReport={(l) => report.mutate(l.id)}
              onMute={(l) => l.userId && mute.mutate({ userId: l.userId, name: nameOf(l), muted: true })}
            />
          ))}
        </ol>
      )}
      <ChatInput onSend={onSend} pending={send.isPending} />
    </section>
  );
}
