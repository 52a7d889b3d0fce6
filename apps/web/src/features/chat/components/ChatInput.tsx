import { CHAT_MAX_LENGTH } from '@rpg/game';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { EmojiPicker } from './EmojiPicker';

interface ChatInputProps {
  /** A non-blank line; answers whether it was sent (the text is kept when it was not). */
  onSend: (text: string) => Promise<boolean>;
  pending: boolean;
}

/** Spec 03 §5 chat: Enter sends, Shift+Enter starts a new line, blank text is not sent; 500 characters at most. */
export function ChatInput({ onSend, pending }: ChatInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    const line = text.trim();
    if (pending || line === '') return;
    if (await onSend(line)) setText('');
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const insert = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, CHAT_MAX_LENGTH);
    setText(next);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-gold-700/30 bg-ink-900/80 p-3"
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <EmojiPicker onPick={insert} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          Message the global chat
        </label>
        <textarea
          ref={input}
          id={id}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT_MAX_LENGTH}
          enterKeyHint="send"
          aria-describedby={`${id}-hint`}
          placeholder="Say something to every adventurer…"
          className={cn(
            'block max-h-32 min-h-11 w-full resize-y rounded-md border border-ink-600 bg-ink-950/70',
            'px-3 py-2.5 text-parchment-50 placeholder:text-parchment-400/80 focus:border-gold-500',
            'focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
        <p id={`${id}-hint`} className="mt-1 flex justify-between text-xs text-parchment-400">
          <span>Enter sends · Shift+Enter for a new line</span>
          <span aria-label={`${text.length} of ${CHAT_MAX_LENGTH} characters`}>
            {text.length}/{CHAT_MAX_LENGTH}
          </span>
        </p>
      </div>
      <Button type="submit" size="lg" className="mb-5 h-11 px-4" disabled={pending || text.trim() === ''} aria-label="Send message">
        <Send className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Send</span>
      </Button>
    </form>
  );
}
