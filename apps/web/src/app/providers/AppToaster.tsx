import { Toaster } from 'sonner';

/** The one Toaster (spec 01 sections 4 and 9), in its own chunk with sonner. */
export function AppToaster({ limit, duration }: { limit: number; duration: number }) {
  return <Toaster theme="dark" richColors closeButton position="bottom-right" visibleToasts={limit} duration={duration} />;
}
