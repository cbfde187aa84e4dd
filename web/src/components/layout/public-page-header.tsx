import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteInfo } from '../../lib/business-info';
import { BrandName } from './brand-name';
import { Logo } from './logo';
import './public-page-header.css';

/**
 * The bar on top of the public pages other than the landing page (events, open tables, the game library):
 * the café's name as the landing page's top bar shows it, and the way back. The announcement, when the
 * page has one, comes right under it.
 */
export function PublicPageHeader({ back, announcement }: { back?: ReactNode; announcement?: ReactNode }) {
  const site = useSiteInfo();
  return (
    <>
      <header className="public-page-header">
        <div className="container public-page-bar">
          <Link className="brand" to="/">
            <Logo />
            <BrandName name={site.name} />
          </Link>
          {back ?? (
            <Link className="text-link" to="/">
              Back to the café
            </Link>
          )}
        </div>
      </header>
      {announcement}
    </>
  );
}

/** A public page's title: the kicker, the h1 at the design system's page-title size, and an optional intro. */
export function PublicPageTitle({
  eyebrow,
  title,
  id,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div className="section-head public-page-title">
      <p className="eyebrow">{eyebrow}</p>
      <h1 id={id}>{title}</h1>
      {children ? <p className="lead">{children}</p> : null}
    </div>
  );
}
