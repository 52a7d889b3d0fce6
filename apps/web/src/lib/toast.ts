import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { lazyModule } from './lazy-module';

/**
 * Toasts for the code on the landing and auth pages' path: sonner (and the Toaster that shows its
 * toasts) loads with the first toast instead of with the page. The game screens import sonner
 * directly; they call `loadToaster()` so its Toaster is mounted. A toast made before the Toaster
 * mounts is shown when it does (sonner replays active toasts to a new Toaster).
 */
type Sonner = typeof SonnerModule;
type Variant = 'success' | 'error' | 'info';

const sonner = lazyModule<Sonner>(() => import('sonner'));

export function loadToaster(): Promise<Sonner> {
  return sonner.load();
}

/** Whether the Toaster is wanted (sonner requested); for `useSyncExternalStore`. */
export function toasterWanted(): boolean {
  return sonner.requested();
}

export function subscribeToaster(listener: () => void): () => void {
  return sonner.subscribe(listener);
}

function show(variant: Variant, title: string, options?: ExternalToast): void {
  const loaded = sonner.loaded();
  if (loaded) {
    loaded.toast[variant](title, options);
    return;
  }
  loadToaster().then(
    (module) => module.toast[variant](title, options),
    () => undefined,
  );
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
};
