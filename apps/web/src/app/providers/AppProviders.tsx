import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthSessionProvider } from '@/features/auth/components/AuthSessionProvider';
import { useAuth } from '@/features/auth/hooks/auth-context';
import { RealtimeProvider } from '@/features/realtime/components/RealtimeProvider';
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

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DeviceSettingsEffects />
      <AuthSessionProvider>
        <SessionRealtime>{children}</SessionRealtime>
      </AuthSessionProvider>
      <Toaster
        theme="dark"
        richColors
        closeButton
        position="bottom-right"
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS}
      />
    </QueryClientProvider>
  );
}
