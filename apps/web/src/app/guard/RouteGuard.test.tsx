import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { AuthContext, type AuthState } from '@/features/auth/hooks/auth-context';
import { returnPathFrom } from '@/lib/return-path';
import { RouteGuard } from './RouteGuard';

afterEach(cleanup);

function AuthProbe() {
  const location = useLocation();
  return <p>auth page, back to {returnPathFrom(location.state)}</p>;
}

function renderAt(path: string, auth: Partial<AuthState>) {
  const value: AuthState = { user: null, isPending: false, refetch: async () => undefined, ...auth };
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthContext.Provider value={value}>
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          </AuthContext.Provider>
        ),
        children: [
          { path: '/auth', element: <AuthProbe /> },
          { path: '/store', element: <p>store page</p> },
          { path: '/', element: <p>home page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('spec 01 section 2: the route guard', () => {
  it('sends a signed-out visitor to /auth with the location they came from', async () => {
    renderAt('/store?tab=weapons', {});
    expect(await screen.findByText('auth page, back to /store?tab=weapons')).toBeTruthy();
  });

  it('shows a spinner while the session loads', () => {
    renderAt('/store', { isPending: true });
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
    expect(screen.queryByText('store page')).toBeNull();
  });

  it('renders a protected page for a signed-in player', () => {
    renderAt('/store', { user: { id: 'u1', email: 'hero@realm.example', name: 'hero', emailVerified: true } });
    expect(screen.getByText('store page')).toBeTruthy();
  });

  it('renders public pages for everyone', () => {
    renderAt('/', { isPending: true });
    expect(screen.getByText('home page')).toBeTruthy();
  });
});
