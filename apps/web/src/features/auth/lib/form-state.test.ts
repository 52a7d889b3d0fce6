import { describe, expect, it } from 'vitest';
import { authFormReducer, initialAuthFormState, showsProcessing, type AuthFormState } from './form-state';

const failed: AuthFormState = { ...initialAuthFormState, error: 'Invalid email or password' };

describe('spec 01 section 4: auth form mode', () => {
  it('clears the error when switching between login and signup', () => {
    const next = authFormReducer(failed, { type: 'switch', mode: 'signup' });
    expect(next.mode).toBe('signup');
    expect(next.error).toBeNull();
  });

  it('moves to check-email with the notice, and Back to login returns to login', () => {
    const checking = authFormReducer({ ...failed, busy: 'submit' }, { type: 'check-email', notice: 'Check it' });
    expect(checking).toMatchObject({ mode: 'check-email', notice: 'Check it', busy: null, error: null });
    expect(authFormReducer(checking, { type: 'back-to-login' })).toEqual(initialAuthFormState);
  });

  it('shows the processing spinner only while a request runs without error', () => {
    const running = authFormReducer(failed, { type: 'start', request: 'submit' });
    expect(running.error).toBeNull();
    expect(showsProcessing(running)).toBe(true);
    const afterFailure = authFormReducer(running, { type: 'fail', message: 'Nope' });
    expect(showsProcessing(afterFailure)).toBe(false);
    expect(afterFailure.error).toBe('Nope');
    expect(showsProcessing({ ...running, error: 'x' })).toBe(false);
  });

  it('keeps the mode when field validation fails', () => {
    const next = authFormReducer({ ...initialAuthFormState, mode: 'signup' }, { type: 'invalid', fieldErrors: { email: 'Email is required' } });
    expect(next).toMatchObject({ mode: 'signup', fieldErrors: { email: 'Email is required' }, busy: null });
  });
});
