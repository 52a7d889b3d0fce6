import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type CredentialErrors } from '../lib/validation';

interface CredentialsFormProps {
  mode: 'login' | 'signup';
  email: string;
  password: string;
  fieldErrors: CredentialErrors;
  disabled: boolean;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSubmit: () => void;
  onSwitchMode: () => void;
}

/** The login and sign-up form (spec 01 section 2, "Authentication screen"). */
export function CredentialsForm(props: CredentialsFormProps) {
  const { mode, email, password, fieldErrors, disabled } = props;
  const isLogin = mode === 'login';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        error={fieldErrors.email}
        onChange={(event) => props.onEmailChange(event.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete={isLogin ? 'current-password' : 'new-password'}
        placeholder="Your password"
        hint={PASSWORD_HINT}
        value={password}
        error={fieldErrors.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
      />
      {isLogin ? (
        <p className="-mt-2 text-right">
          <Link to="/auth/reset" className="text-sm text-gold-300 underline-offset-4 hover:text-gold-200 hover:underline">
            Forgot password?
          </Link>
        </p>
      ) : (
        <p className="text-sm text-parchment-300">
          By signing up you agree to the{' '}
          <Link to="/terms" className="text-gold-300 underline underline-offset-4 hover:text-gold-200">
            Terms of Use
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="text-gold-300 underline underline-offset-4 hover:text-gold-200">
            Privacy Notice
          </Link>
          .
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {isLogin ? 'Log In' : 'Sign Up'}
      </Button>
      <p className="text-center">
        <Button variant="link" onClick={props.onSwitchMode}>
          {isLogin ? 'Need an account? Sign Up' : 'Already a member? Log In'}
        </Button>
      </p>
    </form>
  );
}
