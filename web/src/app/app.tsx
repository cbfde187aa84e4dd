import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import type { PageData } from '../lib/page-data';

/**
 * The whole app. The browser renders it (src/main.tsx) and the build prerenders it at `/`
 * (src/prerender.tsx, with a router fixed there): one tree, so the browser can hydrate that HTML.
 */
export function App({ router, pageData }: { router?: ComponentType<{ children: ReactNode }>; pageData?: PageData }) {
  return (
    <StrictMode>
      <AppProvider router={router} pageData={pageData}>
        <AppRoutes />
      </AppProvider>
    </StrictMode>
  );
}
