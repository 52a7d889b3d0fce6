import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOutSession } from '../api/sign-out';
import { FALLBACK_ERROR_DESCRIPTION, failureMessage } from '../lib/auth-errors';
import { useAuth } from './auth-context';

/** Signs out for real (the server marks the player offline), drops cached data, goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    const result = await signOutSession();
    setPending(false);
    // 401: the session had already ended; the player is signed out either way.
    if (!result.ok && result.error.status !== 401) {
      toast.error('Error', { description: failureMessage(result.error, FALLBACK_ERROR_DESCRIPTION) });
      return;
    }
    queryClient.clear();
    await refetch();
    navigate('/auth', { replace: true });
  }, [navigate, queryClient, refetch]);

  return { signOut, pending };
}
