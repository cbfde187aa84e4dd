import { Button } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { ArrowUpIcon } from '../../../components/icons';
import { SectionAnchor } from '../../../components/layout/section-link';
import { Logo } from '../../../components/layout/logo';
import { scrollToTop } from '../../../lib/scroll';
import { telHref, useBusinessFacts, useSiteInfo, type SocialLink } from '../../../lib/business-info';
import './landing.css';

const QUICK_LINKS = [
  { label: 'About', to: 'about' },
  { label: 'Food & Drinks', to: 'menu' },
  { label: 'Gallery', to: 'gallery' },
  { label: 'Reserve a Table', to: 'reservations' },
  { label: 'Parties & Events', to: 'parties' },
  { label: 'Upcoming Events', to: 'events' },
  { label: 'Contact & Hours', to: 'contact' },
];

const FacebookGlyph = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9z"
    />
  </svg>
);
const InstagramGlyph = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="currentColor"
      d="M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.8a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM16.9 6a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 3c-2.4 0-2.7 0-3.7.1-3.3.1-5 1.9-5.2 5.2C3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 1.9 5 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.3-.1 5-1.9 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.3-1.9-5-5.2-5.2C14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 2.4-1.3 3.6-3.7 3.7-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.6-1.3-3.7-3.7-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-2.4 1.3-3.6 3.7-3.7.9-.1 1.2-.1 3.6-.1z"
    />
  </svg>
);

const GLYPHS: Record<string, () => JSX.Element> = { facebook: FacebookGlyph, instagram: InstagramGlyph };

/** Facebook and Instagram as their marks, any other network by name. */
function SocialLinks({ links, name }: { links: SocialLink[]; name: string }) {
  if (!links.length) return null;
  return (
    <div className="socials">
      {links.map(({ network, label, url }) => {
        const Glyph = GLYPHS[network];
        return Glyph ? (
          <a key={network} href={url} target="_blank" rel="noopener" aria-label={`${name} on ${label}`}>
            <Glyph />
          </a>
        ) : (
          <a key={network} className="social-text" href={url} target="_blank" rel="noopener">
            {label}
          </a>
        );
      })}
    </div>
  );
}

export function SiteFooter() {
  const site = useSiteInfo();
  const facts = useBusinessFacts();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <div className="footer-logo">
            <Logo size={44} />
            <strong>{site.name}</strong>
          </div>
          <p>{site.description.replace(/\.?$/, '.')}</p>
          <address className="footer-address">
            <a href={site.mapUrl} target="_blank" rel="noopener">
              {site.address}
            </a>
            <br />
            <a href={telHref(site.phone)}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
        </div>
        <nav aria-label="Quick links">
          <h3>Quick links</h3>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <SectionAnchor to={l.to}>{l.label}</SectionAnchor>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h3>Play & follow</h3>
          <ul>
            {facts.gameCollectionUrl ? (
              <li>
                <a href={facts.gameCollectionUrl} target="_blank" rel="noopener">
                  Browse our game library
                </a>
              </li>
            ) : null}
            {facts.orderOnlineUrl ? (
              <li>
                <a href={facts.orderOnlineUrl} target="_blank" rel="noopener">
                  Order online
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/events">All upcoming events</Link>
            </li>
            <li>
              <Link to="/open-tables">Open tables: join a game</Link>
            </li>
            {site.website ? (
              <li>
                <a href={site.website} target="_blank" rel="noopener">
                  Our website
                </a>
              </li>
            ) : null}
          </ul>
          <SocialLinks links={site.socials} name={site.name} />
        </div>
      </div>
      <div className="container footer-bottom">
        <span>
          © {new Date().getFullYear()} {site.name}
          {site.locality ? `, ${site.locality}` : ''}
        </span>
        <Button variant="outlined" className="back-to-top" icon={<ArrowUpIcon />} text="Back to Top" onClick={scrollToTop} />
      </div>
    </footer>
  );
}
