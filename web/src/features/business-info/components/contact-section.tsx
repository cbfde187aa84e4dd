import { Card } from '@blueprintjs/core';
import { Fragment } from 'react';
import { EnvelopeIcon, MapMarkerIcon, PhoneIcon } from '../../../components/icons';
import { siteOf, telHref, useBusinessFacts, useBusinessInfo } from '../../../lib/business-info';
import { readHours } from './hours-rows';
import { CafeStructuredData } from './cafe-structured-data';
import { HolidayHours } from './holiday-hours';
import './business-info.css';
import './contact-section.css';

/** Contact and hours from GET /api/business-info, with the café's defaults for anything missing. */
export function ContactSection() {
  const info = useBusinessInfo().data;
  const hours = readHours(info);
  const { phone, email, address, mapUrl } = siteOf(info);
  // The parking and family notes staff wrote (Business Info); a cleared one says nothing.
  const facts = useBusinessFacts();
  const notes = [facts.parkingNote, facts.familyNote].filter(Boolean).join(' ');
  return (
    <section id="contact" className="section section-contact" aria-labelledby="contact-title">
      <CafeStructuredData />
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Visit us</p>
          <h2 id="contact-title">Contact & hours</h2>
        </div>
        <div className="contact-grid">
          <Card className="contact-card" elevation={1}>
            <h3>Find us</h3>
            <ul className="contact-list">
              <li>
                <MapMarkerIcon />
                <a href={mapUrl} target="_blank" rel="noopener">
                  {address}
                </a>
              </li>
              <li>
                <PhoneIcon />
                <a href={telHref(phone)}>{phone}</a>
              </li>
              <li>
                <EnvelopeIcon />
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            </ul>
            {notes ? <p className="muted">{notes}</p> : null}
          </Card>
          <Card className="contact-card" elevation={1}>
            {/* Plain like "Find us": the icons belong to the rows (a heading's clock sat below the baseline). */}
            <h3>Hours</h3>
            <dl className="hours">
              {hours.map((row) => (
                <Fragment key={row.days}>
                  <dt>{row.days}</dt>
                  {/* Ranges with the en dash the days use ('3:00 PM – 11:00 PM'), whatever the stored text has. */}
                  <dd>{row.text.replace(/\s+-\s+/g, ' – ')}</dd>
                </Fragment>
              ))}
            </dl>
            <HolidayHours hours={info?.openingHours} />
          </Card>
        </div>
      </div>
    </section>
  );
}
