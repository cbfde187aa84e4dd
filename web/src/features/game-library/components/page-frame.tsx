import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import '../games.css';

/** The library's pages: the café's name and the way back, the page, the café's address. */
export function PageFrame({ children, back }: { children: ReactNode; back?: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <header className="games-page-header">
        <div className="container games-page-bar">
          <Link className="brand" to="/">
            <Logo />
            <span className="brand-name">{site.name}</span>
          </Link>
          {back ?? (
            <Link className="text-link" to="/">
              Back to the café
            </Link>
          )}
        </div>
      </header>
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
