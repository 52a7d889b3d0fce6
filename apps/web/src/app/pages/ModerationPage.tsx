import { isStaff } from '@rpg/game';
import { Outlet } from 'react-router';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useMe } from '@/features/auth/api/me';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { ModerationScreen } from '@/features/moderation/components/ModerationScreen';
import { NotFoundPage } from './NotFoundPage';

/**
 * /moderation (issue 28): moderators and admins only. Everyone else, signed in or not, gets the
 * app's 404 page (and the API answers 404 too): the screen's existence is not revealed.
 */
export function ModerationGate() {
  const { user, isPending } = useAuth();
  const me = useMe(user !== null);
  if (isPending || (user !== null && me.isPending)) {
    return (
      <main className="flex min-h-dvh">
        <CenteredSpinner label="Loading" />
      </main>
    );
  }
  if (user === null || !me.data || !isStaff(me.data.role)) return <NotFoundPage />;
  return <Outlet />;
}

export function ModerationPage() {
  const me = useMe();
  return me.data ? <ModerationScreen role={me.data.role} /> : null;
}
