import { Swords } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { HeroBackdrop } from './HeroBackdrop';
import { BeginJourneyPanel, GameFeaturesPanel } from './LandingPanels';
import { LegalLinks } from '@/components/LegalLinks';

/** What the landing page knows about the visitor; app/ fills it from the session. */
export type LandingVisitor = { status: 'loading' } | { status: 'guest' } | { status: 'player'; email: string };

/** / and /landing (spec 01 section 1): spinner, guest hero, or the returning player's welcome. */
export function LandingPage({ visitor }: { visitor: LandingVisitor }) {
  if (visitor.status === 'loading') {
    return (
      <main className="flex min-h-dvh">
        <CenteredSpinner label="Loading your adventure" />
      </main>
    );
  }

  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <HeroBackdrop />
      <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
        <Link to="/" className="inline-flex items-center gap-2 rounded font-display text-xl font-bold text-gold-300">
          <Swords className="size-6" aria-hidden="true" />
          RPG Adventure
        </Link>
        {visitor.status === 'guest' ? (
          <Link to="/auth" className={buttonClasses('secondary', 'sm')}>
            Join Website
          </Link>
        ) : null}
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pb-12 sm:px-8">
        {visitor.status === 'player' ? <ReturningPlayer email={visitor.email} /> : <GuestHero />}
      </main>
      <footer className="px-4 py-6 text-center text-sm text-parchment-300">
        © {new Date().getFullYear()} RPG Adventure Game. All rights reserved.
        <LegalLinks />
      </footer>
    </div>
  );
}

function GuestHero() {
  return (
    <>
      <section className="max-w-3xl py-12 text-center sm:py-20">
        <h1 className="text-4xl font-bold text-gold-300 drop-shadow-[0_2px_12px_rgb(0_0_0/0.8)] sm:text-6xl">RPG Adventure</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-parchment-100 sm:text-xl">
          A realm of steel and sorcery awaits. Forge a hero, brave the wilds, trade with fellow adventurers and write your name into legend.
        </p>
      </section>
      <div className="grid w-full max-w-5xl gap-6 md:grid-cols-2">
        <BeginJourneyPanel />
        <GameFeaturesPanel />
      </div>
    </>
  );
}

function ReturningPlayer({ email }: { email: string }) {
  return (
    <section className="flex max-w-2xl flex-1 flex-col items-center justify-center py-16 text-center">
      <h1 className="text-3xl font-bold break-words text-gold-300 sm:text-5xl">Welcome back, {email}!</h1>
      <p className="mt-4 text-lg text-parchment-100 sm:text-xl">Ready to continue your adventure?</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/game" className={buttonClasses('primary', 'lg')}>
          Continue Your Adventure
        </Link>
        <Link to="/game" className={buttonClasses('secondary', 'lg')}>
          Enter Game World
        </Link>
      </div>
    </section>
  );
}
