import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { toast } from '@/lib/toast';
import { signInWithPassword } from '../api/sign-in';
import { signUpWithPassword } from '../api/sign-up';
import { AuthContext, type AuthState } from '../hooks/auth-context';
import { AuthPage } from './AuthPage';

vi.mock('../api/sign-in', () => ({ signInWithPassword: vi.fn() }));
vi.mock('../api/sign-up', () => ({ signUpWithPassword: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../api/email-verification', () => ({ resendVerificationEmail: vi.fn(), verifyEmailCode: vi.fn() }));

const signIn = vi.mocked(signInWithPassword);
const signUp = vi.mocked(signUpWithPassword);

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

function renderAuth(entry: InitialEntry = '/auth', auth: Partial<AuthState> = {}) {
  const value: AuthState = { user: null, isPending: false, refetch: async () => undefined, ...auth };
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/game', element: <p>game portal</p> },
      { path: '/store', element: <p>store page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AuthContext.Provider value={value}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
}

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('spec 01 section 2: the /auth screen', () => {
  it('starts in login mode with the spec texts', () => {
    renderAuth();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
    expect(screen.getByPlaceholderText('you@example.com')).toBeTruthy();
    expect(screen.getByPlaceholderText('Your password')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Need an account? Sign Up' })).toBeTruthy();
    expect(screen.getByText('Email Verification')).toBeTruthy();
  });

  it('validates before sending: short password', () => {
    renderAuth();
    fillIn('hero@realm.example', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
  });

  it("spec 01 section 8: an error without a message reads 'An error occurred' and toasts 'Error' / 'Please try again'", async () => {
    signIn.mockResolvedValue({ ok: false, error: { status: 500, code: null, message: null } });
    renderAuth();
    fillIn('hero@realm.example', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred');
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith('Error', { description: 'Please try again' });
  });

  it('switches to signup and back, clearing the error', async () => {
    signIn.mockResolvedValue({ ok: false, error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    renderAuth();
    fillIn('hero@realm.example', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    fireEvent.click(screen.getByRole('button', { name: 'Need an account? Sign Up' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign Up');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Already a member? Log In' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
  });

  it('moves an unverified login to check-email mode', async () => {
    signIn.mockResolvedValue({ ok: false, error: { status: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } });
    renderAuth();
    fillIn('hero@realm.example', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Verify Your Email')).toBeTruthy();
    expect(screen.getByText('Check your email')).toBeTruthy();
    expect(screen.getByText('hero@realm.example')).toBeTruthy();
    expect(screen.getByText('Please check your email to verify your account before logging in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeTruthy();
    expect(screen.queryByText('Email Verification')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
  });

  it('moves a successful sign-up to check-email mode', async () => {
    signUp.mockResolvedValue({ ok: true, data: { token: null, user: {} } as never });
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Need an account? Sign Up' }));
    fillIn('new@realm.example', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(signUp).toHaveBeenCalledWith('new@realm.example', 'secret1');
  });

  it('returns to the page the visitor came from after logging in', async () => {
    signIn.mockResolvedValue({ ok: true, data: {} as never });
    renderAuth({ pathname: '/auth', state: { from: { pathname: '/store', search: '', hash: '' } } });
    fillIn('hero@realm.example', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('store page')).toBeTruthy();
  });

  it('shows the gold banner after a verified e-mail link', () => {
    renderAuth('/auth?verified=1');
    expect(screen.getByText('Email Confirmed!')).toBeTruthy();
    expect(screen.getByText('Your account has been verified. You may now sign in and start your adventure!')).toBeTruthy();
  });

  it('greets a player who is already logged in', () => {
    renderAuth('/auth', { user: { id: 'u1', email: 'hero@realm.example', name: 'hero', emailVerified: true } });
    expect(screen.getByText(/You are already logged in as/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Game' }));
    expect(screen.getByText('game portal')).toBeTruthy();
  });
});
