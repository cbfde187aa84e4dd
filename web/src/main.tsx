import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Only the Blueprint CSS of the landing page's components; the lazy chunks bring the rest (vite-plugins/blueprint-css.ts).
import 'virtual:blueprint/landing.css';
import './styles/base.css';
import './styles/typography.css';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

const root = createRoot(document.getElementById('root')!);
// A transition lets React render the page in slices that yield to the browser, instead of one long
// task that blocks input while the whole landing page mounts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </StrictMode>,
  );
});
