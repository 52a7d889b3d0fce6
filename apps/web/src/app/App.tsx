import { RouterProvider } from 'react-router';
import { AppProviders } from './providers/AppProviders';
import { createQueryClient } from './providers/query-client';
import { createAppRouter } from './router/routes';

const queryClient = createQueryClient();
const router = createAppRouter();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
