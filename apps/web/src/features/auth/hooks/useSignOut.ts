import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { broadcastSessionChange } from '../api/session';
import { signOutEverywhere, signOutSession, type SignOutScope } from '../api/sign-out';
import { errorTexts, reportedMessage } from '../lib/auth-errors';
import { useAuth } from './auth-context';

/**
 * Signs out for real, drops cached data, goes to /auth. 'everywhere' (the default, spec 01
 * section 4) ends every session of the account; 'device' ends this browser's session only.
 */
export function useSignOut(scope: SignOutScope = 'everywhere') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    const result = scope === 'everywhere' ? await signOutEverywhere() : await signOutSession();
    setPending(false);
    // 401: the session had already ended; the player is signed out either way.
    if (!result.ok && result.error.status !== 401) {
      toast.error('Error', { description: errorTexts(reportedMessage(result.error)).toast });
      return;
    }
    queryClient.clear();
    await refetch();
    navigate('/auth', { replace: true });
  }, [scope, navigate, queryClient, refetch]);

  return { signOut, pending };
}

/** Issue 43: the account was deleted (its sessions are gone): this browser forgets it and goes to /auth, as after a sign-out. */
export function useAccountDeleted() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refetch } = useAuth();
  return useCallback(async () => {
    broadcastSessionChange('signout');
    queryClient.clear();
    await refetch();
    toast.success('Account Deleted', { description: 'Your account and everything of it are gone. Farewell, adventurer.' });
    navigate('/auth', { replace: true });
  }, [navigate, queryClient, refetch]);
}
