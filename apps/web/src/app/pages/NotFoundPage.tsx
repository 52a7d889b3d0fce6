import { ArrowLeft, Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/Button';

/** React Router keeps the history index in history.state; 0 means there is nothing to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Any unknown path (spec 01 section 2). */
export function NotFoundPage() {
  const navigate = useNavigate();

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-7xl font-bold text-gold-400 sm:text-8xl">404</h1>
      <p className="font-display text-2xl text-parchment-100">Oops! Page not found</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Go Back
        </Button>
        <Link to="/" className={buttonClasses('primary')}>
          <Home className="size-4" aria-hidden="true" />
          Return to Home
        </Link>
      </div>
    </main>
  );
}
