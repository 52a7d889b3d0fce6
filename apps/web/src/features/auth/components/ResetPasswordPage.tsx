import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { PublicPage } from '@/components/PublicPage';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClasses } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { requestPasswordReset, resetPassword } from '../api/password-reset';
import { failureMessage } from '../lib/auth-errors';
import { parseResetFragment, RESET_TEXTS } from '../lib/reset-link';
import { normaliseOtp, OTP_INVALID, OTP_LENGTH, PASSWORD_HINT, validateEmail, validatePassword } from '../lib/validation';

type Step = 'ask' | 'reset' | 'done';

/**
 * /auth/reset (issue 43): "Forgot password?". The address gets a code and a link; the code (typed,
 * or carried by the link's fragment) and a new password set it, and every device is signed out.
 */
export function ResetPasswordPage() {
  // A reset link opened on this page already (only the fragment differs) starts the form again.
  const { hash } = useLocation();
  return <ResetPasswordForm key={hash} hash={hash} />;
}

function ResetPasswordForm({ hash }: { hash: string }) {
  const [fromLink] = useState(() => parseResetFragment(hash));
  const [step, setStep] = useState<Step>(fromLink ? 'reset' : 'ask');
  const [email, setEmail] = useState(fromLink?.email ?? '');
  const [code, setCode] = useState(fromLink?.code ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    if (problem) return setError(problem);
    setBusy(true);
    const result = await requestPasswordReset(email);
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result.error));
    setError(null);
    setNotice(RESET_TEXTS.sent);
    setStep('reset');
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    const problem = code.length !== OTP_LENGTH ? OTP_INVALID : (validatePassword(password) ?? (password !== confirm ? RESET_TEXTS.mismatch : undefined));
    if (problem) return setError(problem);
    setBusy(true);
    const result = await resetPassword(email, code, password);
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result.error));
    setError(null);
    setNotice(null);
    setStep('done');
  }

  return (
    <PublicPage>
      <Card className="w-full max-w-md">
        <h1 className="mb-6 text-center text-3xl font-bold text-gold-300">Reset Password</h1>
        {notice ? (
          <Alert tone="gold" role="status" className="mb-5">
            <p>{notice}</p>
          </Alert>
        ) : null}
        {step === 'ask' ? (
          <form noValidate onSubmit={(event) => void ask(event)} className="space-y-5">
            <p className="text-sm text-parchment-200">Enter the e-mail address of your account. We will send you a code and a link to choose a new password.</p>
            <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
              {busy ? 'Sending...' : 'Send reset code'}
            </Button>
          </form>
        ) : step === 'reset' ? (
          <form noValidate onSubmit={(event) => void reset(event)} className="space-y-4">
            <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <TextField
              label="Reset code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              placeholder="123456"
              value={code}
              className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
              onChange={(event) => setCode(normaliseOtp(event.target.value))}
            />
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              required
              hint={PASSWORD_HINT}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
            <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
              <KeyRound className="size-4" aria-hidden="true" />
              Set new password
            </Button>
            <Button variant="link" className="w-full" onClick={() => setStep('ask')}>
              Send a new code
            </Button>
          </form>
        ) : (
          <div className="space-y-5">
            <Alert tone="success" role="status">
              <p>{RESET_TEXTS.done}</p>
            </Alert>
            <Link to="/auth" className={buttonClasses('primary', 'lg', 'w-full')}>
              Log In
            </Link>
          </div>
        )}
        {error ? (
          <p role="alert" className="mt-5 rounded-md border border-ember-500/50 bg-ember-900/50 p-3 text-sm text-ember-200">
            {error}
          </p>
        ) : null}
        {step !== 'done' ? (
          <p className="mt-5 text-center">
            <Link to="/auth" className="text-sm text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline">
              Back to login
            </Link>
          </p>
        ) : null}
      </Card>
    </PublicPage>
  );
}
