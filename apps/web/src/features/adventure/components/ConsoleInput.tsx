import { Send } from 'lucide-react';
import { useId, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/Button';

interface ConsoleInputProps {
  value: string;
  /** The player typed. */
  onChange: (value: string) => void;
  /** A line recalled from the history. */
  onRecall: (value: string) => void;
  /** Enter or Send with a non-empty line. */
  onSubmit: (line: string) => void;
  /** A line is being answered: Send is disabled, typing goes on. */
  pending: boolean;
  /** Up / Down: the line to show, or null to leave the input alone. */
  onOlder: (current: string) => string | null;
  onNewer: () => string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** Spec 02 §2 and §5: the text input with Send; Enter submits, empty and mid-command lines are ignored. */
export function ConsoleInput({ value, onChange, onRecall, onSubmit, pending, onOlder, onNewer, inputRef }: ConsoleInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;

  const submit = () => {
    if (pending || !value.trim()) return;
    onSubmit(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const next = event.key === 'ArrowUp' ? onOlder(value) : event.key === 'ArrowDown' ? onNewer() : undefined;
    if (next === undefined) return;
    event.preventDefault();
    if (next !== null) onRecall(next);
  };

  return (
    <form
      className="flex items-center gap-2 border-t border-gold-700/30 bg-ink-900/80 p-3"
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Console input
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={500}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="send"
        aria-describedby={hintId}
        placeholder="Type a command or message (try /help)"
        className="h-11 min-w-0 flex-1 rounded-md border border-ink-600 bg-ink-950/70 px-3 text-parchment-50 placeholder:text-parchment-400/80 focus:border-gold-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300"
      />
      <span id={hintId} className="sr-only">
        Enter sends. Up and Down arrows recall earlier lines.
      </span>
      <Button type="submit" size="lg" className="h-11 px-4" disabled={pending} aria-label="Send">
        {pending ? (
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-ink-950/40 border-t-ink-950" />
        ) : (
          <Send className="size-4" aria-hidden="true" />
        )}
        <span className="hidden sm:inline">Send</span>
      </Button>
    </form>
  );
}
