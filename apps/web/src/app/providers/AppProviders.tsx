import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { AuthSessionProvider } from '@/features/auth/components/AuthSessionProvider';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { RealtimeProvider } from '@/features/realtime/components/RealtimeProvider';
import { subscribeToaster, toasterWanted } from '@/lib/toast';
import { DeviceSettingsEffects } from './DeviceSettingsEffects';

/** Toasts: at most 10 visible, 5000 ms each (spec 01 sections 4 and 9). */
export const TOAST_LIMIT = 10;
export const TOAST_DURATION_MS = 5_000;

function SessionRealtime({ children }: { children: ReactNode }) {
  const { user, refetch } = useAuth();
  return (
    <RealtimeProvider userId={user?.id ?? null} onSessionEnded={() => void refetch()}>
      {children}
    </RealtimeProvider>
  );
}

const AppToaster = lazy(() => import('./AppToaster').then((module) => ({ default: module.AppToaster })));

/** sonner's Toaster, loaded with the first toast or the first game screen (lib/toast.ts). */
function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster limit={TOAST_LIMIT} duration={TOAST_DURATION_MS} />
    </Suspense>
  );
}

/** The query cache is not here: it loads with the game screens (router/lazy-page.ts, lazyQueryPage). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <DeviceSettingsEffects />
      <AuthSessionProvider>
        <SessionRealtime>{children}</SessionRealtime>
      </AuthSessionProvider>
      <LazyToaster />
    </>
  );
}
