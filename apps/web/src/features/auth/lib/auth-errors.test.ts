import { describe, expect, it } from 'vitest';
import { errorTexts, failureMessage, linkErrorMessage, loginFailureAction, UNVERIFIED_LOGIN_MESSAGE, withAccountSignUpFallback } from './auth-errors';

describe('spec 01 section 8: auth error catalogue', () => {
  it('moves an unverified login to check-email mode with the spec text', () => {
    expect(loginFailureAction({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toEqual({
      kind: 'check-email',
      notice: 'Please check your email to verify your account before logging in.',
    });
    expect(loginFailureAction({ status: 400, code: null, message: 'Email not confirmed' }).kind).toBe('check-email');
    expect(UNVERIFIED_LOGIN_MESSAGE).toBe('Please check your email to verify your account before logging in.');
  });

  it("shows the server's message as given", () => {
    expect(loginFailureAction({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })).toEqual({
      kind: 'error',
      message: 'Invalid email or password',
    });
    expect(failureMessage({ status: 422, code: 'USER_ALREADY_EXISTS', message: 'This email is already registered. Please log in instead.' })).toBe(
      'This email is already registered. Please log in instead.',
    );
  });

  it("falls back to 'An error occurred', or the given fallback", () => {
    expect(failureMessage({ status: 500, code: null, message: null })).toBe('An error occurred');
    expect(failureMessage({ status: 0, code: 'NETWORK_ERROR', message: null }, 'Signup failed')).toBe('Signup failed');
  });

  it("spec 01 section 8: an error without a message reads 'An error occurred' under the form and 'Please try again' in the toast", () => {
    const action = loginFailureAction({ status: 500, code: null, message: null });
    expect(action).toEqual({ kind: 'error', message: null });
    expect(errorTexts(null)).toEqual({ inline: 'An error occurred', toast: 'Please try again' });
    expect(errorTexts('Invalid email or password')).toEqual({ inline: 'Invalid email or password', toast: 'Invalid email or password' });
  });

  it("spec 01 section 5: the account context's sign-up fallback is 'Sign up failed'; no answer leaves the form's 'Signup failed'", () => {
    const refused = withAccountSignUpFallback({ status: 500, code: null, message: null });
    expect(refused.message).toBe('Sign up failed');
    expect(failureMessage(refused, 'Signup failed')).toBe('Sign up failed');
    const unanswered = withAccountSignUpFallback({ status: 0, code: 'NETWORK_ERROR', message: null });
    expect(failureMessage(unanswered, 'Signup failed')).toBe('Signup failed');
    const told = withAccountSignUpFallback({ status: 422, code: 'USER_ALREADY_EXISTS', message: 'This email is already registered. Please log in instead.' });
    expect(told.message).toBe('This email is already registered. Please log in instead.');
    expect(withAccountSignUpFallback({ status: 429, code: null, message: null }).message).toBeNull();
  });

  it('explains a 429 without a message', () => {
    expect(failureMessage({ status: 429, code: null, message: null })).toBe('Too many attempts. Please wait a minute and try again.');
    expect(failureMessage({ status: 429, code: null, message: 'Slow down' })).toBe('Slow down');
  });

  it('reads e-mail link errors from error_description first', () => {
    expect(linkErrorMessage('TOKEN_EXPIRED', 'The link has expired.')).toBe('The link has expired.');
    expect(linkErrorMessage('token_expired', null)).toMatch(/expired/);
    expect(linkErrorMessage('SOMETHING_ELSE', null)).toBe('SOMETHING ELSE');
    expect(linkErrorMessage(null, null)).toBe('An error occurred');
  });
});
