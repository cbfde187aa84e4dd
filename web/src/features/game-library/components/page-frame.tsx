import type { ReactNode } from 'react';
import { PublicPageHeader } from '../../../components/layout/public-page-header';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import './games.css';

/** The library's pages: the café's name and the way back, the page, the café's address. */
export function PageFrame({ children, back }: { children: ReactNode; back?: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <PublicPageHeader back={back} />
      <main className="section games-page">
        <div className="container">{children}</div>
      </main>
      <footer className="games-page-footer">
        <div className="container">
          <strong>{site.name}</strong> · {site.address} · <a href={telHref(site.phone)}>{site.phone}</a>
        </div>
      </footer>
    </>
  );
}
