import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setSessionEndHandler } from '@/lib/api-client';
import { clearUserData } from '@/lib/query-client';
import { bootstrap, redirectLegacyHash } from './bootstrap';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import './global.css';

redirectLegacyHash();
// The router starts loading the first screen's code (its lazy route) while the context and texts arrive.
const router = createAppRouter();
await bootstrap();

setSessionEndHandler(() => {
  clearUserData();
  if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
