import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { preloadRoute } from '@/app/router/routes';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

preloadRoute(window.location.pathname);

// The first render inside startTransition: React renders it in slices of a few milliseconds, yielding
// to the browser between them, instead of in one task (index.html's spinner stays up meanwhile).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
