import { Swords } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the pages outside the game (/auth, /auth/reset, /terms, /privacy): the game's name home, then the page. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:py-16">
      <Link to="/" className="mb-8 inline-flex items-center gap-2 rounded font-display text-2xl font-bold text-gold-300 hover:text-gold-200">
        <Swords className="size-7" aria-hidden="true" />
        RPG Adventure
      </Link>
      {children}
    </main>
  );
}
