import type { Me } from '@rpg/contract';
import { queryKeys } from '@rpg/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthState } from '@/features/auth/hooks/auth-context';
import { ModerationGate } from './ModerationPage';

afterEach(cleanup);

const me = (role: Me['role']): Me => ({
  id: 'u1',
  email: 'a@b.c',
  username: 'Aria',
  avatarUrl: null,
  bannerUrl: null,
  lastLogin: null,
  isOnline: true,
  lastSeen: null,
  role,
});

/** The gate at /moderation with the session and, when signed in, the account already read. */
function renderGate(auth: Partial<AuthState>, account?: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (account) client.setQueryData(queryKeys.me, account);
  const value: AuthState = { user: null, isPending: false, refetch: async () => undefined, ...auth };
  const router = createMemoryRouter(
    [
      {
        path: '/moderation',
        element: (
          <QueryClientProvider client={client}>
            <AuthContext.Provider value={value}>
              <ModerationGate />
            </AuthContext.Provider>
          </QueryClientProvider>
        ),
        children: [{ index: true, element: <p>the moderation screen</p> }],
      },
    ],
    { initialEntries: ['/moderation'] },
  );
  render(<RouterProvider router={router} />);
}

const user = { id: 'u1', email: 'a@b.c', name: 'a', emailVerified: true };

describe('issue 28: /moderation for moderators and admins only', () => {
  it('shows the 404 page to a visitor who is not signed in', async () => {
    renderGate({ user: null });
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.queryByText('the moderation screen')).toBeNull();
  });

  it('shows the 404 page to a player', async () => {
    renderGate({ user }, me('player'));
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.queryByText('the moderation screen')).toBeNull();
  });

  it('shows the screen to a moderator and to an admin', async () => {
    renderGate({ user }, me('moderator'));
    expect(await screen.findByText('the moderation screen')).toBeTruthy();
    cleanup();
    renderGate({ user }, me('admin'));
    expect(await screen.findByText('the moderation screen')).toBeTruthy();
  });
});
