import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { AUTH_PATH, authRedirectState } from '@/lib/return-path';
import { guardDecision } from './route-access';

/** Protected paths wait for the session, then render or send the visitor to /auth with `from`. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { user, isPending } = useAuth();
  const location = useLocation();
  // The session store's answer is an urgent update: the page it lets in (on /game the frame and
  // the portal) renders as deferred work instead, in slices the browser can interleave with input.
  const decision = useDeferredValue(guardDecision({ pathname: location.pathname, signedIn: user !== null, isPending }));

  if (decision === 'wait') {
    return (
      <main className="flex min-h-dvh">
        <CenteredSpinner label="Checking your session" />
      </main>
    );
  }
  if (decision === 'redirect') return <Navigate to={AUTH_PATH} replace state={authRedirectState(location)} />;
  return children;
}
