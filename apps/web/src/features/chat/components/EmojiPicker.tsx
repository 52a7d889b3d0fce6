import { EMOJI_CATEGORIES } from '@rpg/game';
import { Smile } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { cn } from '@/lib/cn';

interface EmojiPickerProps {
  onPick: (emoji: string) => void;
  disabled?: boolean;
}

/** Spec 03 §2: 5 categories of 16 emojis (Smileys, Gestures, Animals, Fantasy, RPG). */
export function EmojiPicker({ onPick, disabled }: EmojiPickerProps) {
  const [category, setCategory] = useState<string>(EMOJI_CATEGORIES[0].id);
  const shown = EMOJI_CATEGORIES.find((c) => c.id === category) ?? EMOJI_CATEGORIES[0];
  return (
    <Popover.Root>
      <Popover.Trigger
        disabled={disabled}
        aria-label="Insert emoji"
        className={cn(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-ink-600 bg-ink-900/80',
          'text-gold-300 hover:bg-gold-500/10 focus-visible:outline-2 focus-visible:outline-gold-300 disabled:opacity-55',
        )}
      >
        <Smile className="size-5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-gold-700/50 bg-ink-850 p-3 shadow-2xl"
        >
          <div role="tablist" aria-label="Emoji categories" className="mb-2 flex flex-wrap gap-1">
            {EMOJI_CATEGORIES.map((c) => (
              <button
                key={c.id}
                type="button"
                role="tab"
                aria-selected={c.id === shown.id}
                onClick={() => setCategory(c.id)}
                className={cn(
                  'rounded px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-gold-300',
                  c.id === shown.id ? 'bg-gold-500 text-ink-950' : 'text-parchment-200 hover:bg-ink-700',
                )}
              >
                {c.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={shown.label} className="grid grid-cols-8 gap-1">
            {shown.emojis.map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => onPick(emoji)}
                aria-label={`Insert ${emoji}`}
                className="flex size-8 items-center justify-center rounded text-xl hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-gold-300"
              >
                {emoji}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
