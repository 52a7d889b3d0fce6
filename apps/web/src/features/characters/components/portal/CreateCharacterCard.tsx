import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** The dashed card shown while a character slot is free (spec 01 section 2). */
export function CreateCharacterCard() {
  return (
    <li>
      <Link
        to="/character-creation"
        className={cn(
          'flex h-full min-h-32 flex-col items-center justify-center gap-2 rounded-xl',
          'border-2 border-dashed border-gold-700/60 p-4 text-gold-300 transition-colors',
          'hover:border-gold-400 hover:bg-gold-500/5 hover:text-gold-200',
        )}
      >
        <Plus className="size-8" aria-hidden="true" />
        <span className="font-display text-lg font-semibold">Create Character</span>
      </Link>
    </li>
  );
}
