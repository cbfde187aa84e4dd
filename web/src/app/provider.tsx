import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    // BlueprintProvider minus its HotkeysProvider: the site has no hotkeys, and that provider's help
    // dialog would put Dialog and the hotkey parser in the landing page's first script.
    <PortalProvider>
      <OverlaysProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>{children}</BrowserRouter>
        </QueryClientProvider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
