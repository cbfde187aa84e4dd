import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import type { PageData } from './lib/page-data';
import { siteOf } from './lib/business-info';
import type { BusinessInfo } from '@cafe/contracts';

const AtLanding = ({ children }: { children: ReactNode }) => <StaticRouter location="/">{children}</StaticRouter>;

/**
 * The landing page's first render (the top bar, the announcement and the hero; the sections below mount
 * after the first paint) as HTML. The build writes it with the café's defaults into dist/landing.html
 * (scripts/prerender-landing.ts) and keeps this module as dist/ssr/landing.js, which the gateway runs
 * with the stored business info whenever that changes (services/src/platform/http/web-host.ts), so a
 * visitor's first paint never shows stale business data. The browser then hydrates it (src/main.tsx)
 * with the same data, read from the page: the same tree (src/app/app.tsx), so React adopts these
 * elements instead of building and laying out the page a second time.
 */
export function renderLanding(pageData: PageData = {}): string {
  return renderToString(<App router={AtLanding} pageData={pageData} />);
}

/** The landing page's <title> and meta description from the same data (the gateway puts them in the head). */
export function landingHead(pageData: PageData = {}): { title: string; description: string | null } {
  const info = pageData['/api/business-info'] as Partial<BusinessInfo> | undefined;
  const site = siteOf(info);
  return { title: site.title, description: info?.description?.trim() || null };
}
