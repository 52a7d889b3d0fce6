import { SpinnerRing } from '@/components/ui/Spinner';

/** The full-screen spinner while an auth request runs (spec 01 section 2). */
export function ProcessingOverlay() {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-ink-950/85 backdrop-blur-sm">
      <SpinnerRing className="size-12" />
      <p className="font-display text-lg text-parchment-100">Processing your request...</p>
    </div>
  );
}
