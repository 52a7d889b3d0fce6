import { Button } from '@/components/ui/Button';

/** Shown when a page fails to render or its code fails to load (e.g. after a new release). */
export function RouteError({ error }: { error: unknown }) {
  console.error(error);

  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold text-gold-300">Something went wrong</h1>
      <p className="text-parchment-200">The page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
