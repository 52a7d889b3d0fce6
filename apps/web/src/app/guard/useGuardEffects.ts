import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { browserStore } from '@/lib/storage';
import { GAME_PATH } from './route-access';
import { emailVerifiedToastKey, profileSetupKey, shouldToastEmailVerified, syncStoredUser, welcomePending, welcomeStep } from './session-flags';

/** Delay before the first-visit redirect to /game (spec 01 section 9). */
export const WELCOME_REDIRECT_DELAY_MS = 100;

/** The route guard's side effects: device data on user change, and the once-per-session toasts. */
export function useGuardEffects() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const userId = user?.id;
  // A new player (no characters yet) gets the welcome; the list is read only while it is undecided.
  const deciding = user !== null && welcomePending(pathname, user, browserStore('session'));
  const [known, setKnown] = useState<{ userId: string; newPlayer: boolean } | null>(null);
  const newPlayer = known && known.userId === userId ? known.newPlayer : null;

  useEffect(() => {
    if (!deciding || !userId) return undefined;
    let current = true;
    import('./new-player')
      .then(({ isNewPlayer }) => isNewPlayer())
      .then(
        (value) => {
          if (current) setKnown({ userId, newPlayer: value });
        },
        // Unknown (like a failed query before): the welcome waits for the next visit.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [deciding, userId]);

  useEffect(() => {
    if (userId) syncStoredUser(userId, browserStore('local'));
  }, [userId]);

  useEffect(() => {
    if (!user) return;
    const session = browserStore('session');
    if (shouldToastEmailVerified(pathname, user, session)) {
      session.setItem(emailVerifiedToastKey(user.id), '1');
      toast.success('Email Verified!', { description: 'Your email has been successfully confirmed.' });
    }
    const step = welcomeStep(pathname, user, session, newPlayer);
    if (step === 'none') return;
    session.setItem(profileSetupKey(user.id), '1');
    if (step === 'mark') return;
    toast.success('Welcome to the game!', { id: 'welcome-to-the-game', description: "Let's get you started with character creation" });
    if (step === 'toast') return;
    // Not cancelled on re-render: the flag is already set. Skipped if the player moved on meanwhile.
    setTimeout(() => {
      if (window.location.pathname === pathname) navigate(GAME_PATH);
    }, WELCOME_REDIRECT_DELAY_MS);
  }, [user, pathname, navigate, newPlayer]);
}
