import type { CommandList } from '@rpg/contract';
import { Send } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { completeLine, suggestionsFor } from '../lib/completion';
import { CommandSuggestions } from './CommandSuggestions';

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
  /** The command table (GET /api/commands): '/' suggestions and Tab completion; absent while it loads. */
  commands?: CommandList;
}

/** Spec 02 §2 and §5: the text input with Send; Enter submits, empty and mid-command lines are ignored. */
export function ConsoleInput({ value, onChange, onRecall, onSubmit, pending, onOlder, onNewer, inputRef, commands }: ConsoleInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const suggestionsId = `${id}-suggestions`;
  // Escape hides the suggestions until the line changes.
  const [hiddenFor, setHiddenFor] = useState<string | null>(null);
  const suggestions = useMemo(() => (hiddenFor === value ? null : suggestionsFor(commands, value)), [commands, value, hiddenFor]);

  const submit = () => {
    if (pending || !value.trim()) return;
    onSubmit(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Only a line that completes keeps Tab: anything else moves the focus on as usual.
      const completed = completeLine(commands, value);
      if (completed === null) return;
      event.preventDefault();
      onChange(completed);
      return;
    }
    if (event.key === 'Escape' && suggestions) {
      event.preventDefault();
      setHiddenFor(value);
      return;
    }
    const next = event.key === 'ArrowUp' ? onOlder(value) : event.key === 'ArrowDown' ? onNewer() : undefined;
    if (next === undefined) return;
    event.preventDefault();
    if (next !== null) onRecall(next);
  };

  const pick = (picked: string) => {
    // A value replaces the word being typed; a command replaces the line.
    onChange(picked.startsWith('/') ? picked : `${value.slice(0, value.length - (value.split(/\s/).at(-1)?.length ?? 0))}${picked} `);
    inputRef.current?.focus();
  };

  return (
    <div className="border-t border-gold-700/30 bg-ink-900/80">
      {suggestions ? <CommandSuggestions id={suggestionsId} suggestions={suggestions} onPick={pick} /> : null}
      <form
        className="flex items-center gap-2 p-3"
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
          aria-controls={suggestions ? suggestionsId : undefined}
          placeholder="Type a command or message (try /help)"
          className={cn(
            'h-11 min-w-0 flex-1 rounded-md border border-ink-600 bg-ink-950/70 px-3 text-parchment-50',
            'placeholder:text-parchment-400/80 focus:border-gold-500',
            'focus:outline-none focus-visible:outline-2 focus-visible:outline-gold-300',
          )}
        />
        <span id={hintId} className="sr-only">
          Enter sends. Up and Down arrows recall earlier lines. After a slash, Tab completes commands and their arguments.
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
    </div>
  );
}
