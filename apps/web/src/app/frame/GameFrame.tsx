import { ArrowLeft } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useGameMusic } from '@/lib/audio';
import { showsBackToGame } from '../guard/route-access';
import { FrameHeader } from './FrameHeader';
import { AchievementPushes } from './AchievementPushes';
import { GamePushToasts } from './GamePushToasts';
import { NoticeEffects } from './NoticeEffects';
import { LegalLinks } from '@/components/LegalLinks';

/** The page frame around the game screens: header with navigation, content, footer; the music loop plays while it is shown. */
export function GameFrame() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useGameMusic();

  return (
    <div className="flex min-h-dvh flex-col">
      <FrameHeader />
      <GamePushToasts />
      <AchievementPushes />
      <NoticeEffects />
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-6">
        {showsBackToGame(pathname) ? (
          <Button variant="ghost" size="sm" className="mb-4 -ml-2" onClick={() => navigate('/game')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Game
          </Button>
        ) : null}
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-gold-700/20 px-4 py-5 text-center text-sm text-parchment-300">
        © {new Date().getFullYear()} RPG Adventure Game
        <LegalLinks />
      </footer>
    </div>
  );
}
