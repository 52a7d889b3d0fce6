import { MailCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { OTP_LENGTH, normaliseOtp } from '../lib/validation';

interface CheckEmailPanelProps {
  email: string;
  notice: string | null;
  code: string;
  codeError: string | null;
  verifying: boolean;
  resending: boolean;
  onCodeChange: (value: string) => void;
  onVerify: () => void;
  onResend: () => void;
  onBackToLogin: () => void;
}

/** Check-email mode: where the mail went, the 6-digit code, resend, back to login. */
export function CheckEmailPanel(props: CheckEmailPanelProps) {
  const { email, notice, code, codeError, verifying, resending } = props;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onVerify();
  }

  return (
    <div className="space-y-5">
      {notice ? (
        <Alert tone="gold" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <div className="space-y-2 text-center">
        <MailCheck className="mx-auto size-10 text-gold-400" aria-hidden="true" />
        <h2 className="text-xl font-semibold text-parchment-50">Check your email</h2>
        <p className="text-parchment-200">
          We sent a verification link and a 6-digit code to
          <strong className="block font-semibold wrap-anywhere text-gold-300">{email}</strong>
        </p>
        <p className="text-sm text-parchment-300">Can&apos;t find it? Look in your spam or junk folder.</p>
      </div>
      <form noValidate onSubmit={handleSubmit} className="space-y-3">
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={OTP_LENGTH}
          placeholder="123456"
          value={code}
          error={codeError}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
          onChange={(event) => props.onCodeChange(normaliseOtp(event.target.value))}
        />
        <Button type="submit" className="w-full" disabled={verifying}>
          Verify Code
        </Button>
      </form>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" onClick={props.onResend} disabled={resending} aria-busy={resending}>
          {resending ? 'Sending...' : 'Resend verification email'}
        </Button>
        <Button variant="ghost" onClick={props.onBackToLogin}>
          Back to login
        </Button>
      </div>
    </div>
  );
}
