import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';

const AtLanding = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

/**
 * The landing page's first render (the top bar and the hero; the sections below mount after the first
 * paint) as HTML, written into dist/landing.html at build time by scripts/prerender-landing.ts. A phone
 * paints the hero from the HTML and its preloaded photo, before the script has loaded and run; the
 * script then hydrates it (src/main.tsx): the same tree (src/app/app.tsx), so React adopts these elements instead
 * of building and laying out the page a second time.
 */
export function renderLanding(): string {
  return renderToString(<App router={AtLanding} />);
}
