import { useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { resendVerificationEmail, verifyEmailCode } from '../api/email-verification';
import { signInWithPassword } from '../api/sign-in';
import { signUpWithPassword } from '../api/sign-up';
import { SIGNUP_FAILED_MESSAGE, VERIFICATION_FAILED_MESSAGE, errorTexts, failureMessage, loginFailureAction, reportedMessage } from '../lib/auth-errors';
import type { AuthFormAction } from '../lib/form-state';
import { hasErrors, validateCredentials, validateOtp } from '../lib/validation';
import { useAuth } from './auth-context';

interface AuthActionInput {
  email: string;
  password: string;
  code: string;
  dispatch: Dispatch<AuthFormAction>;
  /** Where to go after logging in: the `from` location, or /game. */
  returnPath: string;
}

/** The requests behind the auth form: log in, sign up, verify by code, resend the mail. */
export function useAuthActions({ email, password, code, dispatch, returnPath }: AuthActionInput) {
  const navigate = useNavigate();
  const { refetch } = useAuth();
  const [resending, setResending] = useState(false);

  /** `null`: the failure came without a message (spec 01 section 8 fallbacks). */
  function fail(message: string | null) {
    const texts = errorTexts(message);
    dispatch({ type: 'fail', message: texts.inline });
    toast.error('Error', { description: texts.toast });
  }

  async function enterGame() {
    toast.success('Welcome back!');
    await refetch();
    navigate(returnPath, { replace: true });
  }

  function checkCredentials(): boolean {
    const fieldErrors = validateCredentials({ email, password });
    if (!hasErrors(fieldErrors)) return true;
    dispatch({ type: 'invalid', fieldErrors });
    return false;
  }

  async function logIn() {
    if (!checkCredentials()) return;
    dispatch({ type: 'start', request: 'submit' });
    const result = await signInWithPassword(email, password);
    if (result.ok) return enterGame();
    const next = loginFailureAction(result.error);
    if (next.kind === 'check-email') dispatch({ type: 'check-email', notice: next.notice });
    else fail(next.message);
  }

  async function signUp() {
    if (!checkCredentials()) return;
    dispatch({ type: 'start', request: 'submit' });
    const result = await signUpWithPassword(email, password);
    if (!result.ok) return fail(failureMessage(result.error, SIGNUP_FAILED_MESSAGE));
    toast.success('Sign up initiated!', {
      description: 'Please check your email for a verification link to activate your account.',
    });
    dispatch({ type: 'check-email', notice: null });
  }

  async function verifyCode() {
    const codeError = validateOtp(code);
    if (codeError) return dispatch({ type: 'invalid-code', message: codeError });
    dispatch({ type: 'start', request: 'verify' });
    const result = await verifyEmailCode(email, code);
    if (!result.ok) return fail(failureMessage(result.error, VERIFICATION_FAILED_MESSAGE));
    const signIn = password ? await signInWithPassword(email, password) : null;
    if (signIn?.ok) return enterGame();
    toast.success('Email verified', { description: 'You may now sign in.' });
    dispatch({ type: 'back-to-login' });
    if (signIn && !signIn.ok) fail(reportedMessage(signIn.error));
  }

  async function resend() {
    setResending(true);
    const result = await resendVerificationEmail(email);
    setResending(false);
    if (result.ok) {
      toast.success('Verification email resent', { description: 'Please check your inbox and spam folder' });
    } else {
      toast.error('Failed to resend verification email', { description: failureMessage(result.error) });
    }
  }

  return { logIn, signUp, verifyCode, resend, resending };
}
