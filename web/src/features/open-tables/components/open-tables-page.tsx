import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { JOIN_REQUEST_SENT, addDays, formatLongDate, formatTime12, type PublicOpenTable } from '@cafe/contracts';
import { PublicPageHeader, PublicPageTitle } from '../../../components/layout/public-page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import { useCafeToday } from '../../../lib/cafe-clock';
import { useOpenTables } from '../api/get-open-tables';
import { JoinForm } from './join-form';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import './open-tables.css';
import './open-tables-public.css';

const seats = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'}`;

/**
 * /open-tables?date=: the tables whose hosts share seats with new players that day (the host's first
 * name, the game, the seats left), and a request to join one. The app passes the announcement banner.
 */
export default function OpenTablesPage({ announcement }: { announcement?: ReactNode }) {
  const site = useSiteInfo();
  usePageTitle('Open tables', site);
  const today = useCafeToday();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= today ? asked : today;
  const setDate = (next: string) => setParams(next === today ? {} : { date: next }, { replace: true });
  const tables = useOpenTables(date);
  const list = tables.data?.tables ?? [];
  return (
    <>
      <PublicPageHeader announcement={announcement} />
      <main className="section open-tables-page">
        <div className="container">
          <PublicPageTitle eyebrow="Play with new friends" title="Open tables" id="open-tables-title">
            These guests have a table booked and seats to share. Ask to join, and the host answers by e-mail.
          </PublicPageTitle>
          <div className="open-tables-date" role="group" aria-label="Date">
            <Button icon="chevron-left" aria-label="Previous day" disabled={date <= today} onClick={() => setDate(addDays(date, -1))} />
            <label htmlFor="open-tables-date" className="visually-hidden">
              Date
            </label>
            <AdminDateInput id="open-tables-date" value={date} minDate={today} onChange={(next) => next && setDate(next)} />
            <Button icon="chevron-right" aria-label="Next day" onClick={() => setDate(addDays(date, 1))} />
          </div>
          <h2 className="open-tables-day">{formatLongDate(date)}</h2>
          {tables.isPending ? (
            <Spinner aria-label="Loading open tables" />
          ) : tables.isError ? (
            <p className="muted">The open tables could not be loaded. Please try again later.</p>
          ) : list.length === 0 ? (
            // An empty day is a start, not a dead end: another day, or a table of one's own to share.
            <div className="open-tables-empty">
              <p className="open-tables-empty-title">No open tables on this day yet. Try another day!</p>
              <p className="muted">Or book a table yourself and share your free seats with new players.</p>
              <Link to="/#reservations" className="bp6-button bp6-intent-primary">
                Book a table
              </Link>
            </div>
          ) : (
            <ul className="open-tables-list" aria-labelledby="open-tables-title">
              {list.map((table) => (
                <li key={table.id}>
                  <TableCard table={table} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
      <footer className="open-tables-footer">
        <div className="container">
          <strong>{site.name}</strong> · {site.address} · <a href={telHref(site.phone)}>{site.phone}</a>
        </div>
      </footer>
    </>
  );
}

function TableCard({ table }: { table: PublicOpenTable }) {
  const [joining, setJoining] = useState(false);
  const [sent, setSent] = useState(false);
  const full = table.seatsLeft <= 0;
  const headingId = `table-${table.id}`;
  return (
    <Card className="open-table" aria-labelledby={headingId} role="article">
      <p className="open-table-time">{formatTime12(table.time)}</p>
      <h3 id={headingId} className="open-table-game">
        {table.game}
      </h3>
      <p className="open-table-host">Hosted by {table.hostFirstName || 'a guest'}</p>
      <p className={full ? 'open-table-seats is-full' : 'open-table-seats'}>
        {full ? 'Full' : `${seats(table.seatsLeft)} free of ${table.seats}`}
      </p>
      {sent ? (
        <Callout intent="success" compact>
          {JOIN_REQUEST_SENT}
        </Callout>
      ) : joining ? (
        <JoinForm table={table} onSent={() => setSent(true)} onCancel={() => setJoining(false)} />
      ) : (
        <Button intent="primary" disabled={full} text="Ask to join" onClick={() => setJoining(true)} />
      )}
    </Card>
  );
}
