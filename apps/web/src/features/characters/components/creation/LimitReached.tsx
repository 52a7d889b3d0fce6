import { ArrowLeft, ShieldAlert, User } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { CHARACTER_LIMIT_NOTICE } from '../../lib/roster';

/** React Router keeps the history index in history.state; 0 means this tab has nowhere to go back to. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Shown on /character-creation at 2 characters (spec 01 section 2; DECISIONS section 2). */
export function LimitReached() {
  const navigate = useNavigate();

  return (
    <Card className="mx-auto max-w-xl text-center">
      <ShieldAlert className="mx-auto size-12 text-gold-400" aria-hidden="true" />
      <h1 className="mt-3 text-3xl font-bold text-gold-300">Character Limit Reached</h1>
      <p className="mt-3 text-parchment-100">{CHARACTER_LIMIT_NOTICE}</p>
      <p className="mt-2 text-sm text-parchment-300">
        To make room, delete a character from the{' '}
        <Link to="/game" className="text-gold-300 underline underline-offset-4 hover:text-gold-200">
          Game Portal
        </Link>
        .
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => (canGoBack() ? navigate(-1) : navigate('/game'))}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>
        <Button onClick={() => navigate('/profile')}>
          <User className="size-4" aria-hidden="true" />
          Go to Profile
        </Button>
      </div>
    </Card>
  );
}
