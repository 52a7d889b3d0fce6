import { ScrollText } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import type { ScrollEntry } from '../api/get-recipe-scrolls';

interface RecipeScrollsProps {
  scrolls: readonly ScrollEntry[];
  busy: boolean;
  onRead: (entryId: string) => void;
}

/** Recipe scrolls in the backpack, each with 'Read' (learns the recipe; the scroll is used up). */
export function RecipeScrolls({ scrolls, busy, onRead }: RecipeScrollsProps) {
  if (scrolls.length === 0) return null;
  return (
    <section aria-label="Recipe scrolls" className="space-y-2">
      <h3 className="text-sm font-semibold text-parchment-200">Recipe scrolls in your backpack</h3>
      <ul className="space-y-1.5">
        {scrolls.map((scroll) => (
          <li key={scroll.id} className="flex items-center justify-between gap-3 rounded-lg border border-ink-600 bg-ink-950/50 px-3 py-2">
            <span className="flex min-w-0 items-center gap-2 text-sm text-parchment-100">
              <ScrollText className="size-4 shrink-0 text-gold-300" aria-hidden="true" />
              <span className="break-words">{scroll.name}</span>
              {scroll.quantity > 1 ? <span className="text-parchment-400 tabular-nums">×{scroll.quantity}</span> : null}
            </span>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRead(scroll.id)} aria-label={`Read ${scroll.name}`}>
              Read
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
