import { telHref, useSiteInfo } from '../../../lib/business-info';

/** The foot of the /events pages: the café's name, address and phone. */
export function EventsPageFooter() {
  const site = useSiteInfo();
  return (
    <footer className="events-page-footer">
      <div className="container">
        <strong>{site.name}</strong> · {site.address} · <a href={telHref(site.phone)}>{site.phone}</a>
      </div>
    </footer>
  );
}
