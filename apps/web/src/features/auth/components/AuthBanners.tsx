import { BadgeCheck, Info, UserCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';

/** Shown in every mode except check-email (spec 01 section 2). */
export function VerificationInfoAlert() {
  return (
    <Alert tone="info" title="Email Verification" icon={<Info className="size-5 text-sky-300" />}>
      <ol className="list-decimal space-y-1 pl-5 text-parchment-200">
        <li>After signing up, click the link in the email we send you, or enter its 6-digit code.</li>
        <li>Check your spam folder if the email has not arrived after a few minutes.</li>
        <li>Still nothing? Log in and ask for another verification email.</li>
      </ol>
    </Alert>
  );
}

/** The gold banner after a verified e-mail link. */
export function EmailConfirmedBanner() {
  return (
    <Alert tone="gold" role="status" title="Email Confirmed!" icon={<BadgeCheck className="size-6 text-gold-300" />}>
      <p>Your account has been verified. You may now sign in and start your adventure!</p>
    </Alert>
  );
}

export function AlreadyLoggedInBanner({ email }: { email: string }) {
  const navigate = useNavigate();

  return (
    <Alert tone="success" role="status" icon={<UserCheck className="size-5" />}>
      <p className="text-parchment-100">
        You are already logged in as <strong className="wrap-anywhere text-gold-300">{email}</strong>
      </p>
      <div className="flex flex-wrap gap-3 pt-2">
        <Button size="sm" onClick={() => navigate('/game')}>
          Go to Game
        </Button>
        <Button variant="secondary" size="sm" onClick={() => navigate('/')}>
          Back to Home
        </Button>
      </div>
    </Alert>
  );
}
