import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { cafeTimeOfDay, formatLongDate, formatTime12, isIsoDate, type AdminWaitlistOut } from '@cafe/contracts';
import { useSearchParams } from 'react-router-dom';
import { AdminDateInput } from '../../../components/form/admin-date-input';
import { Field } from '../../../components/form/field';
import { adminParams } from '../../../lib/admin-address';
import { errorDescription } from '../../../lib/api-client';
import { useAdminWaitlist } from '../api/waitlist';
import './waitlist.css';

type Entry = AdminWaitlistOut['entries'][number];

const STATUS_INTENT = { waiting: 'none', offered: 'warning', booked: 'success', left: 'none', expired: 'none' } as const;
const OFFER_TEXT = { offered: 'Offered', taken: 'Taken', passed: 'Passed', expired: 'Expired' } as const;

/**
 * What became of the entry's offer and for when: 'Offered 7:00 PM · held until 6:45 PM' while live, then
 * 'Passed · offer for 7:00 PM', 'Taken · offer for 7:00 PM', 'Expired 6:45 PM · offer for 7:00 PM'.
 */
function OfferCell({ entry, zone }: { entry: Entry; zone: string }) {
  const offer = entry.offer;
  if (!offer) return <span className="muted">No offer yet</span>;
  const until = formatTime12(cafeTimeOfDay(zone, new Date(offer.holdUntil)));
  const tables = offer.tables?.length ? ` · table ${offer.tables.join(' + ')}` : '';
  if (offer.status === 'offered') return <span>{`Offered ${formatTime12(offer.time)}${tables} · held until ${until}`}</span>;
  const what = offer.status === 'expired' ? `Expired ${until}` : OFFER_TEXT[offer.status];
  return <span>{`${what} · offer for ${formatTime12(offer.time)}${tables}`}</span>;
}

/** The list's date in the address (?waitlistDate=), so leaving the tab and coming back (or a reload) keeps it. */
function useWaitlistDate(today: string): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(adminParams.waitlistDate);
  const date = asked && isIsoDate(asked) ? asked : today;
  const setDate = (next: string) =>
    setParams(
      (prev) => {
        const address = new URLSearchParams(prev);
        if (next && next !== today) address.set(adminParams.waitlistDate, next);
        else address.delete(adminParams.waitlistDate);
        return address;
      },
      { replace: true },
    );
  return [date, setDate];
}

/** Staff's list of a date's evening waitlist: every entry in the order they joined, with its offer and its state. */
export function EveningWaitlist({ today, zone }: { today: string; zone: string }) {
  const [date, setChosen] = useWaitlistDate(today);
  const list = useAdminWaitlist(date);
  return (
    <section className="evening-waitlist" aria-labelledby="evening-waitlist-heading">
      <h3 id="evening-waitlist-heading">Evening waitlist</h3>
      <Field id="waitlist-date" label="Date" className="evening-date">
        <AdminDateInput id="waitlist-date" value={date} onChange={setChosen} />
      </Field>
      {list.isPending ? (
        <Spinner aria-label="Loading the waitlist" />
      ) : list.isError ? (
        <Callout intent="danger">{errorDescription(list.error, 'Could not load the waitlist')}</Callout>
      ) : list.data.entries.length === 0 ? (
        <p className="muted">Nobody is on the waitlist for this date.</p>
      ) : (
        <>
          <p className="muted">
            {formatLongDate(date)} · offers are held {list.data.offerHoldMinutes} minutes.
          </p>
          <ul className="evening-entries" aria-label="Waitlist entries">
            {list.data.entries.map((e) => (
              <li key={e.id} className="evening-entry">
                <span className="evening-place">{e.position ?? '–'}</span>
                <div className="evening-who">
                  <strong>{e.name}</strong> · {e.partySize}
                  <div className="muted">
                    {formatTime12(e.from)}–{formatTime12(e.to)} · {e.phone || e.email}
                  </div>
                </div>
                <div className="evening-state">
                  <Tag minimal intent={STATUS_INTENT[e.status]}>
                    {e.status[0]!.toUpperCase() + e.status.slice(1)}
                  </Tag>
                  <OfferCell entry={e} zone={zone} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
