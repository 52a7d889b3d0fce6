import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/**
 * Toasts for the code on the landing and auth pages' path: sonner (and the Toaster that shows its
 * toasts) loads with the first toast instead of with the page. The game screens import sonner
 * directly; they call `loadToaster()` so its Toaster is mounted. A toast made before the Toaster
 * mounts is shown when it does (sonner replays active toasts to a new Toaster).
 */
type Sonner = typeof SonnerModule;
type Variant = 'success' | 'error' | 'info';

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

export function loadToaster(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner').then(
      (module) => {
        sonner = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    for (const listener of listeners) listener();
  }
  return loading;
}

/** Whether the Toaster is wanted (sonner requested); for `useSyncExternalStore`. */
export function toasterWanted(): boolean {
  return loading !== null;
}

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(variant: Variant, title: string, options?: ExternalToast): void {
  if (sonner) {
    sonner.toast[variant](title, options);
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
