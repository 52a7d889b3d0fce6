import { Swords } from 'lucide-react';
import { useNavigate } from 'react-router';
import { playSound } from '@/lib/audio';
import { cn } from '@/lib/cn';
import { HeroBackdrop } from './HeroBackdrop';

/** The start sound (synthesised; where Web Audio is missing this is only logged). */
function playStartSound() {
  const status = playSound('splash');
  if (status !== 'played' && status !== 'silent') console.info('Start sound not played:', status);
}

/** /welcome: the 'Click to Play' splash that leads to /landing (DECISIONS section 2). */
export function WelcomeSplash() {
  const navigate = useNavigate();

  function start() {
    playStartSound();
    navigate('/landing');
  }

  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center gap-10 px-4">
      <HeroBackdrop />
      <p className="inline-flex items-center gap-3 font-display text-3xl font-bold text-gold-300 sm:text-5xl">
        <Swords className="size-9 sm:size-12" aria-hidden="true" />
        RPG Adventure
      </p>
      <button
        type="button"
        onClick={start}
        className={cn(
          'animate-pulse rounded-full border-2 border-gold-400 bg-ink-900/80 px-10 py-4 font-display',
          'text-2xl font-semibold tracking-wide text-gold-200 shadow-[0_0_40px_rgb(227_189_92/0.35)]',
          'hover:animate-none hover:bg-gold-500 hover:text-ink-950 focus-visible:animate-none motion-reduce:animate-none',
        )}
      >
        Click to Play
      </button>
    </main>
  );
}
