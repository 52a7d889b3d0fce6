/** The auth feature's public surface, composed in app/. */
export { AuthSessionProvider } from './components/AuthSessionProvider';
export { SignOutButton } from './components/SignOutButton';
export { useAuth, type AuthUser, type AuthState } from './hooks/auth-context';
export { useMe, meQueryKey, type Me } from './api/me';
