import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { CenteredSpinner } from '@/components/ui/Spinner';
import { RouteGuard } from '../guard/RouteGuard';
import { useGuardEffects } from '../guard/useGuardEffects';
import { ScrollRestorer } from './ScrollRestorer';

export function RootLayout() {
  useGuardEffects();

  return (
    <>
      <RouteGuard>
        <Suspense
          fallback={
            <main className="flex min-h-dvh">
              <CenteredSpinner />
            </main>
          }
        >
          <Outlet />
        </Suspense>
      </RouteGuard>
      <ScrollRestorer />
    </>
  );
}
