import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import type { PageData } from '../lib/page-data';

/**
 * `router` is the browser's history; the build's prerender of the landing page passes a router fixed
 * at `/` (src/prerender.tsx), so its HTML is what this tree renders first in the browser.
 */
export function AppProvider({
  children,
  router: Router = BrowserRouter,
  pageData,
}: {
  children: ReactNode;
  router?: ComponentType<{ children: ReactNode }>;
  /** API answers the server rendered the page with (src/lib/page-data.ts): the queries start from them. */
  pageData?: PageData;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const [path, value] of Object.entries(pageData ?? {})) client.setQueryData([path], value);
    return client;
  });
  return (
    // BlueprintProvider minus its HotkeysProvider: the site has no hotkeys, and that provider's help
    // dialog would put Dialog and the hotkey parser in the landing page's first script.
    <PortalProvider>
      <OverlaysProvider>
        <QueryClientProvider client={queryClient}>
          <Router>{children}</Router>
        </QueryClientProvider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
