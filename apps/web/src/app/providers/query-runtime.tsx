import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { primeMe } from '@/features/auth/api/me';
import { primeCharacters } from '@/features/characters/api/list-characters';
import { primeSocialSummary } from '@/features/social/api/get-summary';
import { setAppQueryClient } from '@/lib/query-client-ref';
import { loadToaster } from '@/lib/toast';
import { loadAudio } from './audio-loader';
import { createQueryClient } from './query-client';

/**
 * What the game screens need beside the page: the one query cache and the Toaster (they toast
 * through sonner directly). Loaded with the first screen that needs it, never with the landing and
 * auth pages.
 */
export const queryClient = createQueryClient();
setAppQueryClient(queryClient);

export function QueryRuntime({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * Starts the Toaster's and the audio engine's loads, and puts what index.html read early (the
 * character list, the account, the social badges) into the cache; called when a game screen's
 * code is loaded.
 */
export function startGameRuntime(): void {
  for (const prime of [primeCharacters, primeMe, primeSocialSummary]) void prime(queryClient).catch(() => undefined);
  void loadToaster().catch(() => undefined);
  void loadAudio().catch(() => undefined);
}
