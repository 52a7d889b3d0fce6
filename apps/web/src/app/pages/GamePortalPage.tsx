import { SignOutButton } from '@/features/auth/components/SignOutButton';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { GamePortal } from '@/features/characters/components/portal/GamePortal';
import { FirstSteps } from '@/features/first-hour/components/FirstSteps';

/** /game: the portal, with the auth feature's real sign-out as its 'Logout' (DECISIONS section 2). */
export function GamePortalPage() {
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <FirstSteps />
      <GamePortal email={user?.email ?? null} logout={<SignOutButton label="Logout" variant="secondary" />} />
    </div>
  );
}
