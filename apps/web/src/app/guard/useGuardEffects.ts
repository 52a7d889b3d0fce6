import { queryKeys } from '@rpg/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { fetchCharacters } from '@/features/characters/api/list-characters';
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
  const characters = useQuery({ queryKey: queryKeys.characters, queryFn: ({ signal }) => fetchCharacters(signal), enabled: deciding });
  const newPlayer = characters.data ? characters.data.characters.length === 0 : null;

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
