import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from '@/lib/api';

/** Server state is fresh for 30 s; realtime `invalidate` pushes refresh it sooner. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => isRetryableError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
