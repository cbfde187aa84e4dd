import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';

const AtLanding = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

/**
 * The landing page's first render (the top bar and the hero; the sections below mount after the first
 * paint) as HTML, written into dist/landing.html at build time by scripts/prerender-landing.ts. A phone
 * paints the hero from the HTML and its preloaded photo, before the script has loaded and run; the
 * script's first render then replaces it with the same markup.
 */
export function renderLanding(): string {
  return renderToStaticMarkup(
    <AppProvider router={AtLanding}>
      <AppRoutes />
    </AppProvider>,
  );
}
