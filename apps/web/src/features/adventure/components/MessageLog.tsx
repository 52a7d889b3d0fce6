import type { ConsoleMessage } from '@rpg/contract';
import { ArrowDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { useLogScroll } from '../hooks/useLogScroll';
import { continuesRun } from '../lib/message-runs';
import { MessageLine } from './MessageLine';

/** Spec 02 §2 empty state. */
export const EMPTY_CONSOLE_TEXT = 'No messages yet. Type a command or message to get started.';

interface MessageLogProps {
  /** The tab's lines, oldest first. */
  messages: readonly ConsoleMessage[];
  /** 'All', 'Rolls', ...: names the log. */
  filterLabel: string;
  /** Shown when the tab has no lines. */
  emptyText: string;
  hasMore: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  /** A button shown under one line (the newest return line's Again). */
  lineAction?: { id: number; node: ReactNode } | null;
}

/** The scrolling list of lines: role="log", announced politely as lines arrive. */
export function MessageLog({ messages, filterLabel, emptyText, hasMore, loadingEarlier, onLoadEarlier, lineAction }: MessageLogProps) {
  const { ref, onScroll, keepPlace, toNewest, scrolledUp } = useLogScroll(messages);

  return (
    <div className="relative h-full min-h-0">
      <div
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={`${filterLabel} messages`}
        tabIndex={0}
        className="h-full [scrollbar-color:var(--color-gold-700)_transparent] [scrollbar-width:thin] overflow-y-auto overscroll-contain px-3 py-3 focus-visible:outline-offset-[-2px] sm:px-4"
      >
        {hasMore ? (
          <div className="mb-3 flex justify-center">
            <Button
              variant="ghost"
              size="sm"
              disabled={loadingEarlier}
              onClick={() => {
                keepPlace();
                onLoadEarlier();
              }}
            >
              {loadingEarlier ? 'Loading…' : 'Load earlier'}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="flex h-full items-center justify-center px-6 text-center text-parchment-300 italic">{emptyText}</p>
        ) : (
          <ol className="-mt-1.5" aria-label={`${filterLabel} console lines`}>
            {messages.map((message, index) => (
              <MessageLine
                key={message.id}
                message={message}
                continued={continuesRun(messages[index - 1], message)}
                action={lineAction?.id === message.id ? lineAction.node : undefined}
              />
            ))}
          </ol>
        )}
      </div>
      {scrolledUp && messages.length > 0 ? (
        <Button variant="secondary" size="sm" className="absolute right-4 bottom-3 shadow-lg" onClick={toNewest}>
          <ArrowDown className="size-4" aria-hidden="true" />
          Jump to newest
        </Button>
      ) : null}
    </div>
  );
}
